export { AUCTION_ERROR_MESSAGES, REALTIME_MESSAGES, messageFor, type AuctionErrorCode } from './auction-error-codes';
export { AUCTION_INPUT_MESSAGES, attemptsSuppressedMessage, tooManyImagesMessage } from './auction-input-messages';
export { LOT_DETAIL_MESSAGES } from './lot-detail-messages';
export { GATEWAY_MESSAGES } from './gateway-messages';
