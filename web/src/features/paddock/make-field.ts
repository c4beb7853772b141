/** The MAKE field (spec 002 section 5): a car make from the `carMake` list, or 'Other' with the make typed in. */
export const OTHER_MAKE = 'Other';

export interface MakeOption {
  value: string;
  label: string;
}

/** The makes found for the search, then Other (always offered, so a missing make can be typed). */
export function makeOptions(makes: Array<{ name: string }>): MakeOption[] {
  const names = [...new Set(makes.map((make) => make.name))].filter((name) => name !== OTHER_MAKE);
  return [...names.map((name) => ({ value: name, label: name })), { value: OTHER_MAKE, label: OTHER_MAKE }];
}

/** Whether a stored make is one of the list's (case-insensitive); a stored value outside the list was typed under Other. */
export function isListedMake(value: string, makes: Array<{ name: string }>): boolean {
  const needle = value.trim().toLowerCase();
  return needle !== '' && makes.some((make) => make.name.toLowerCase() === needle);
}

/**
 * What the select shows: `other` (the user chose Other, or null before they chose) decides; a
 * prefilled value counts as Other when the list (searched for it) does not hold it.
 */
export function makeSelection(
  value: string,
  other: boolean | null,
  listed: Array<{ name: string }> | undefined,
): { selected: string | undefined; showOther: boolean } {
  const showOther = other ?? (value.trim() !== '' && listed !== undefined && !isListedMake(value, listed));
  if (showOther) return { selected: OTHER_MAKE, showOther };
  return { selected: value.trim() === '' ? undefined : value, showOther };
}
