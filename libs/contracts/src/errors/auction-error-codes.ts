/**
 * The auction error catalogue (spec 001 section 8), shared by services (GraphQL extensions.code,
 * socket acks, REST bodies) and the web app. Messages are kept exactly, spelling included.
 * Codes the spec does not list are named in the same style; docs/decisions.md explains them.
 */
export const AUCTION_ERROR_MESSAGES = {
  'bid.paymentRequired': 'A payment hold is required before you can bid on this auction.',
  'bid.invalid.own.auction': 'You cannot bid on your own auction',
  'bid.invalid.no.auction': "You cannot bid on an auction that doesn't exist",
  'bid.invalid.auction.status.scheduled': "Auction has not started yet. Bidding isn't available yet",
  'bid.invalid.auction.status.pending': "Auction is not available yet. Bidding isn't available yet",
  'bid.invalid.auction.status.sold': 'Auction has sold. Not accepting any further bids.',
  'bid.invalid.auction.status.reserve_not_met': 'Auction has ended. Not accepting any further bids.',
  'bid.invalid.auction.status.canceled': 'Auction has been canceled. Not accepting any bids.',
  'bid.invalid.date.start.before': "Cannot bid on an auction that hasn't started yet.",
  'bid.invalid.date.end.after': 'Cannot bid on an auction that has ended already.',
  'bid.invalid.firstBid.tooLow': 'Bid does not exceed the auction starting price.',
  'bid.invalid.increment.notMet': 'Bid does not meet or exceed the minimum increment amount.',
  'bid.invalid.amount.tooLow': 'Bid does not exceed the highest current bid.',
  'bid.invalid.maxValue.exceeded':
    'The bid amount meets or exceeds the allowable bid limit of 999,999,999.00. Please lower your bid amount.',
  'bid.invalid': 'You cannot bid at this moment.',
  // Proxy bidding (docs/proxy-bidding.md).
  'bid.max.belowPrice': 'Your maximum bid cannot be lower than the current price.',

  'auction.network.share.error.auctionLive': 'This auction is live and can no longer be shared or withdrawn from the network.',
  'auction.network.share.error.auctionEnded': 'This auction has ended and can no longer be shared.',
  'auction.network.share.error.hasHosts': 'This auction cannot be removed from the network because another host has accepted it.',
  'auction.network.schedule.error.invalid.status': 'Only approved or scheduled auctions that are not live or ended can be scheduled.',
  'auction.network.schedule.error.rangeOutOfBounds': 'The auction length must equal the configured number of days.',
  'auction.network.schedule.error.dates.missing': 'Both a start date and an end date are required.',
  'auction.network.schedule.error.dates.same': 'The start and end dates cannot be the same.',
  'auction.network.schedule.error.startDate.inPast': 'The start date cannot be in the past.',
  'auction.network.schedule.error.endDate.inPast': 'The end date cannot be in the past.',
  'auction.network.schedule.error.dates.end.before.start': 'The end date cannot be before the start date.',

  'auction.access.denied': 'Access denied. You do not have the correct permissions to view this auction.',
  'auction.notFound': "This auction is not available yet or doesn't exist. Please try again later.",
  'auction.invalid.status': 'This action is not allowed in the auction’s current status.',
  'auction.update.notAllowed': 'This auction can no longer be edited.',
  'auction.network.invalid.host': 'A brand cannot host its own auction.',
  'auction.network.notShared': 'This auction is not offered to the network.',
  'auction.start.notDue': 'This auction is not due to start yet.',
  'auction.end.notDue': 'This auction is not due to end yet.',
  'auction.exists': 'This auction already exists.',
  'auction.validation': 'Please check the auction details.',
  'auction.approve.unpaid': "This auction's package has not been paid. Confirm to approve it anyway.",

  // Staff remedies (docs/decisions.md "Staff remedies").
  'auction.remedy.reason.required': 'Please give a reason.',
  'auction.remedy.reason.tooLong': 'The reason cannot be longer than 1,000 characters.',
  'auction.remedy.bid.notFound': 'This bid does not exist on this auction.',
  'auction.remedy.bid.voided': 'This bid has already been voided.',
  'auction.remedy.invalid.status': "This action is not possible in the auction's current status.",
  'auction.remedy.extend.invalid': 'The new end must be later than the current end and in the future.',

  // Tools: rebuilding one projection while the service runs (docs/decisions.md "Tools: rebuilding a projection online").
  'auction.projection.unknown': 'There is no auction projection with this name.',
  'auction.projection.notRunning':
    'No running instance follows this projection, so nothing would refill it. Start the service, or rebuild offline with npm run projections:rebuild.',
  'auction.projection.busy': "The projection's tables are busy. Try again in a moment.",
} as const;

export type AuctionErrorCode = keyof typeof AUCTION_ERROR_MESSAGES;

export function messageFor(code: AuctionErrorCode | string): string {
  return (AUCTION_ERROR_MESSAGES as Record<string, string>)[code] ?? AUCTION_ERROR_MESSAGES['bid.invalid'];
}

/** Realtime replies (spec 001 sections 7 and 8). */
export const REALTIME_MESSAGES = {
  bidSuccess: 'Successfully bid',
  /** Added to a bid's ack when another bidder's maximum answered it at once (proxy bidding, docs/proxy-bidding.md). */
  outbidAutomatically: "You've been outbid by an automatic bid",
  lotNotAvailable: 'Lot not available',
  commentsFailed: 'Failed to fetch comments',
  /** An event with an ack that reaches an instance while it stops (code realtime.shuttingDown): not run, safe to send again. */
  shuttingDown: 'The server is restarting. Please try again in a moment.',
  /** An ack for an event that failed unexpectedly (the error is logged, not shown). */
  somethingWentWrong: 'Something went wrong. Please try again.',
  /** A socket over its event rate (client event guard, user bid limiter). */
  rateLimited: 'Too many requests. Please slow down.',
  /** The handshake of a socket over the per-user or per-address cap (code realtime.tooManyConnections). */
  tooManyConnections: 'Too many connections.',
  /** Tools > Processing status on an instance without a PostgreSQL log (code realtime.statusUnavailable). */
  statusUnavailable: 'No status on this instance.',
  /** The auction service answered a GraphQL call without data or errors. */
  auctionNoData: 'No data',
} as const;
