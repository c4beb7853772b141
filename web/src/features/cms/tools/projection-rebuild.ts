/**
 * The projection rebuild's confirmation (docs/back-office.md "Tools"): a rebuild empties the
 * projection for EVERY brand of the marketplace, so the dialog says what goes missing meanwhile and
 * asks for the processor's name typed back exactly before it lets the rebuild run.
 */

/** What each auction projection holds, i.e. what every brand's site lacks until it has caught up. */
const CONTENTS: Record<string, string> = {
  'auction-read-models': 'the lot lists, lot pages, bids and watchlists',
  'auction-search': 'the auction search results',
  'auction-comments': 'the comments on lots and the reports about them',
};

export function projectionContents(name: string): string {
  return CONTENTS[name] ?? 'the screens this projection feeds';
}

/** The name typed back, exactly as listed (no case folding: the server takes it as the name). */
export function rebuildConfirmed(typed: string, name: string): boolean {
  return name.length > 0 && typed.trim() === name;
}

/**
 * Projections rebuilt beside the live copy (docs/search.md "Rebuilding"): searches keep answering
 * from the old copy and switch to the rebuilt one in one step when the replay reaches the head.
 */
const REBUILT_BESIDE: ReadonlySet<string> = new Set(['auction-search']);

export function rebuildConsequence(name: string): string {
  if (REBUILT_BESIDE.has(name))
    return `This rebuilds ${name} for every brand on this marketplace, not only yours, by replaying the whole event log into a new copy beside the current one. Until it has caught up (watch its lag here), ${projectionContents(name)} keep answering from the current copy, then switch to the rebuilt one at once. Rebuild only when this projection shows wrong data; the event log itself is not touched.`;
  return `This empties ${name} for every brand on this marketplace, not only yours, and replays the whole event log into it. Until it has caught up (watch its lag here), ${projectionContents(name)} on every brand's site are incomplete. Rebuild only when this projection shows wrong data; the event log itself is not touched.`;
}
