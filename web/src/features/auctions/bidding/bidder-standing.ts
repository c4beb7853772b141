/** A signed-in bidder's place on a lot (issue 24 item 2): top bidder, outbid, or not bidding. */
export type Standing = 'high' | 'outbid' | null;

export const STANDING_TEXT = {
  high: "You're the high bidder",
  outbid: "You've been outbid",
  extended: 'Extended',
} as const;

export function standingOf(userId: string | null | undefined, topBidderId: string | null | undefined, hasBid: boolean): Standing {
  if (!userId) return null;
  if (topBidderId && topBidderId === userId) return 'high';
  return hasBid ? 'outbid' : null;
}

function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} ${seconds === 3600 ? 'hour' : 'hours'}`;
  if (seconds % 60 === 0) return `${seconds / 60} ${seconds === 60 ? 'minute' : 'minutes'}`;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/**
 * Sniper protection in words: a bid in the brand's last `sniperProtectionTime` seconds moves the end
 * to that long after the bid (the lot decider's rule). Null when the brand has none.
 */
export function sniperNotice(seconds: number | null | undefined): string | null {
  if (!seconds || seconds <= 0) return null;
  const span = duration(seconds);
  return `A bid in the last ${span} extends the auction to ${span} after that bid.`;
}

/** The end moved past the scheduled end (a late bid, or staff extended the lot). */
export function isExtended(scheduledEnd: string | null | undefined, finalEnd: string | null | undefined): boolean {
  if (!scheduledEnd || !finalEnd) return false;
  return Date.parse(finalEnd) > Date.parse(scheduledEnd);
}
