import { describe, expect, it } from 'vitest';
import { continueText, HANDOFF_ERROR, handoffText, needsHandoffCheck, siteLabel } from './partner-handoff';

describe('partner hand-off wording', () => {
  it("keeps the spec's error string exactly", () => {
    expect(HANDOFF_ERROR).toBe('Sorry, there is an error');
  });

  it("names the partner and its site's host", () => {
    expect(handoffText('Trackside')).toBe('This auction is run by Trackside.');
    expect(continueText('https://www.trackside.example/')).toBe('Continue to trackside.example');
    expect(siteLabel('not a url')).toBe('not a url');
  });

  it('checks only lots owned by another brand', () => {
    expect(needsHandoffCheck('trackside', 'jewelry')).toBe(true);
    expect(needsHandoffCheck('jewelry', 'jewelry')).toBe(false);
  });
});
