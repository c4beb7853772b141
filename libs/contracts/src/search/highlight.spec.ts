import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_END as E, HIGHLIGHT_START as S, highlightSegments } from './highlight';

describe('highlightSegments', () => {
  it('cuts a marked title into plain and matched segments, joining neighbours of the same kind', () => {
    expect(highlightSegments(`${S}Porsche${E} ${S}911${E} RSR`)).toEqual([
      { text: 'Porsche', match: true },
      { text: ' ', match: false },
      { text: '911', match: true },
      { text: ' RSR', match: false },
    ]);
    expect(highlightSegments(`The ${S}Gulf${E}${S}-Porsche${E}`)).toEqual([
      { text: 'The ', match: false },
      { text: 'Gulf-Porsche', match: true },
    ]);
  });

  it('answers null when nothing is marked, and keeps markup as plain text', () => {
    expect(highlightSegments('Porsche 911')).toBeNull();
    expect(highlightSegments(`<b>${S}x${E}</b>`)).toEqual([
      { text: '<b>', match: false },
      { text: 'x', match: true },
      { text: '</b>', match: false },
    ]);
  });

  it('tolerates a marker left unpaired: its text stays plain', () => {
    expect(highlightSegments(`${S}Lola${E} T70${E} ${S}Mk3`)).toEqual([
      { text: 'Lola', match: true },
      { text: ' T70 Mk3', match: false },
    ]);
  });
});
