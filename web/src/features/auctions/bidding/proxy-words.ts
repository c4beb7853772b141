import { formatMoney } from '../../../lib/money';

/** What the web says about proxy bidding (docs/proxy-bidding.md); the outbid text is the socket ack's own (REALTIME_MESSAGES). */
export const PROXY_TEXT = {
  placeBid: 'Place bid',
  setMaxBid: 'Set max bid',
  outbidAutomatically: "You've been outbid by an automatic bid",
  explain:
    'We bid for you, one increment at a time, only as much as needed to keep you the high bidder, up to your maximum. Nobody else sees it.',
} as const;

export function maximumLine(maximum: number, currency: string): string {
  return `Your maximum bid: ${formatMoney(maximum, currency)}`;
}

export function maximumSetText(maximum: number, currency: string): string {
  return `Your maximum bid of ${formatMoney(maximum, currency)} is set`;
}
