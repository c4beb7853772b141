import { describe, expect, it } from 'vitest';
import { isListedMake, makeOptions, makeSelection, OTHER_MAKE } from './make-field';

const makes = [{ name: 'Lotus' }, { name: 'Lola' }];

describe('MAKE field (car-make autocomplete with an Other fallback)', () => {
  it('offers the makes found, then Other', () => {
    expect(makeOptions(makes).map((option) => option.value)).toEqual(['Lotus', 'Lola', OTHER_MAKE]);
    expect(makeOptions([]).map((option) => option.value)).toEqual([OTHER_MAKE]);
    expect(makeOptions([{ name: 'Lotus' }, { name: 'Lotus' }, { name: 'Other' }])).toHaveLength(2);
  });

  it('knows listed makes regardless of case', () => {
    expect(isListedMake('lotus ', makes)).toBe(true);
    expect(isListedMake('Ginetta', makes)).toBe(false);
    expect(isListedMake('', makes)).toBe(false);
  });

  it('shows a chosen make, Other with its typed text, and a prefilled unlisted make as Other', () => {
    expect(makeSelection('Lotus', null, makes)).toEqual({ selected: 'Lotus', showOther: false });
    expect(makeSelection('', null, undefined)).toEqual({ selected: undefined, showOther: false });
    // Other chosen, nothing typed yet: the text box shows (and the required message can follow).
    expect(makeSelection('', true, makes)).toEqual({ selected: OTHER_MAKE, showOther: true });
    // Editing a listing whose make was typed under Other.
    expect(makeSelection('Ginetta', null, [])).toEqual({ selected: OTHER_MAKE, showOther: true });
    // Before the lookup answers, the stored value shows as is.
    expect(makeSelection('Ginetta', null, undefined)).toEqual({ selected: 'Ginetta', showOther: false });
    expect(makeSelection('Lotus', false, [])).toEqual({ selected: 'Lotus', showOther: false });
  });
});
