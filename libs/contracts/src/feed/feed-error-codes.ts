/**
 * Errors of the brand event feed's staff API (docs/events.md "Staff API"), in the style of the
 * auction catalogue. The spec does not cover the feed; these codes are ours.
 */
export const FEED_ERROR_MESSAGES = {
  'feed.notConfigured': 'The brand event feed is not configured on this server (KAFKA_BROKERS is not set).',
  'feed.disabled': 'The event feed of this brand is disabled. Enable it before re-publishing.',
  'feed.eventTypes.empty': 'Choose at least one event type, or disable the feed.',
  'feed.eventTypes.unknown': 'Unknown event type.',
  'feed.brand.invalid': 'This brand name cannot be used in a Kafka topic name.',
  'feed.republish.from.required': 'Give exactly one of fromPosition or fromDate.',
  'feed.republish.fromPosition.invalid': 'fromPosition must be a whole number of at least 0.',
  'feed.republish.fromDate.invalid': 'fromDate must be a valid date that is not in the future.',
  'feed.republish.notFound': 'This re-publish job does not exist.',
  'feed.republish.finished': 'This re-publish job has already finished.',
  'feed.republish.tooMany': 'This brand already has a re-publish job waiting or running. Wait for it or cancel it first.',
} as const;

export type FeedErrorCode = keyof typeof FEED_ERROR_MESSAGES;

export function feedMessageFor(code: FeedErrorCode): string {
  return FEED_ERROR_MESSAGES[code];
}
