export {
  FEED_SCHEMA_VERSION,
  FEED_SCHEMA_ID_BASE,
  FEED_TEXT_PROPERTY_MAX,
  FEED_HEADERS,
  FEED_EVENT_DATA_SCHEMAS,
  FEED_EVENT_TYPES,
  feedTopicName,
  isFeedEventType,
  pseudonymSchema,
  feedEnvelopeSchema,
  feedLotDetailsSchema,
  feedDataFieldSchema,
  feedImagesSchema,
  auctionFeedEventSchema,
  auctionFeedEventJsonSchema,
  type AuctionFeedEvent,
  type FeedEventData,
  type FeedEventType,
} from './auction-feed-event';
export { FEED_ERROR_MESSAGES, feedMessageFor, type FeedErrorCode } from './feed-error-codes';
export { currencyMinorUnitDigits, centsToMinorUnits, minorUnitsToCents } from './currency-minor-units';
