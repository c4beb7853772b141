export { AUCTION_ERROR_MESSAGES, REALTIME_MESSAGES, messageFor, type AuctionErrorCode } from './auction-error-codes';
