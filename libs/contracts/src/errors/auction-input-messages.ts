/**
 * Texts of the auction service's refusals that share a code with a catalogue message
 * (AUCTION_ERROR_MESSAGES): the `auction.validation` input checks that come before the lot decider
 * and the `bid.invalid` bid-id checks. Kept exactly as clients and the dispute desk have seen them.
 */
export const AUCTION_INPUT_MESSAGES = {
  /** createAuction/updateAuction/feed mutations called without `input.data`. */
  inputDataRequired: 'input.data is required',
  currencyUnknown: 'Please select a currency',
  imageUnknown: 'Unknown image: upload it first',
  /** What the bidder is told when a client's bid id is not a UUID (also recorded in the audit). */
  bidIdNotUuid: 'The bid id must be a UUID.',
  /** Recorded in the refused-bid audit only; the bidder is told the code's catalogue text. */
  bidIdTaken: 'This bid id is already used.',
} as const;

export function tooManyImagesMessage(max: number): string {
  return `You can only upload a maximum of ${max} images`;
}

/** The lot history's line for a window of refused bids the audit summarised (docs/operations.md "Audit of refused bids"). */
export function attemptsSuppressedMessage(count: number, codes: ReadonlyArray<readonly [string, number]>): string {
  return `${count} more attempts suppressed (${codes.map(([code, n]) => `${code} × ${n}`).join(', ')})`;
}
