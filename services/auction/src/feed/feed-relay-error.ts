/**
 * Why the relay could not publish, as shown in feedRelayStatus and the logs. Every kind is retried
 * with back-off from the same place; the kind tells the operator what to fix.
 */
export type FeedFailureKind =
  /** No broker answered (down, wrong address, network). */
  | 'BROKER_UNREACHABLE'
  /** A broker answered too slowly (request or acknowledgement time-out). */
  | 'TIMEOUT'
  /** The brand's topic is missing (deleted) and could not be re-created yet. */
  | 'TOPIC_MISSING'
  /** An event (or batch) is larger than the topic accepts: raise the topic's max.message.bytes. */
  | 'MESSAGE_TOO_LARGE'
  /** The broker refused the topic or cluster operation (ACLs). */
  | 'NOT_AUTHORIZED'
  /** The broker refused the topic name or its configuration. */
  | 'INVALID_TOPIC'
  /** A stored event does not fit the feed schema (a mapping needs fixing). */
  | 'INVALID_EVENT'
  /** The event log or the database failed. */
  | 'DATABASE'
  | 'UNKNOWN';

export class FeedRelayError extends Error {
  constructor(
    readonly kind: FeedFailureKind,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'FeedRelayError';
  }
}

/** The relay's reading of any error: its own, Kafka's (already classified by the publisher) or the database's. */
export function asFeedRelayError(error: unknown): FeedRelayError {
  if (error instanceof FeedRelayError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  // pg errors carry a SQLSTATE code; socket errors an errno name.
  if (typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || code.startsWith('E'))) return new FeedRelayError('DATABASE', message);
  return new FeedRelayError('UNKNOWN', message);
}
