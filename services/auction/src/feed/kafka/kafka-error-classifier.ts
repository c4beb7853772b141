import { FeedRelayError, type FeedFailureKind } from '../feed-relay-error';

const BY_PROTOCOL_TYPE: Record<string, FeedFailureKind> = {
  MESSAGE_TOO_LARGE: 'MESSAGE_TOO_LARGE',
  RECORD_LIST_TOO_LARGE: 'MESSAGE_TOO_LARGE',
  UNKNOWN_TOPIC_OR_PARTITION: 'TOPIC_MISSING',
  TOPIC_AUTHORIZATION_FAILED: 'NOT_AUTHORIZED',
  CLUSTER_AUTHORIZATION_FAILED: 'NOT_AUTHORIZED',
  SASL_AUTHENTICATION_FAILED: 'NOT_AUTHORIZED',
  INVALID_TOPIC_EXCEPTION: 'INVALID_TOPIC',
  INVALID_REPLICATION_FACTOR: 'INVALID_TOPIC',
  INVALID_PARTITIONS: 'INVALID_TOPIC',
  INVALID_CONFIG: 'INVALID_TOPIC',
  POLICY_VIOLATION: 'INVALID_TOPIC',
  REQUEST_TIMED_OUT: 'TIMEOUT',
  NOT_ENOUGH_REPLICAS: 'TIMEOUT',
  NOT_ENOUGH_REPLICAS_AFTER_APPEND: 'TIMEOUT',
};

const HINTS: Partial<Record<FeedFailureKind, string>> = {
  MESSAGE_TOO_LARGE: "raise the topic's max.message.bytes (or lower FEED_MAX_REQUEST_BYTES)",
  TOPIC_MISSING: 'the topic will be re-created on the next attempt',
  NOT_AUTHORIZED: 'grant the relay write (and create) access to the topic',
  INVALID_TOPIC: 'check the topic name and FEED_TOPIC_PARTITIONS / FEED_TOPIC_REPLICATION_FACTOR',
  BROKER_UNREACHABLE: 'check KAFKA_BROKERS and that the brokers are up',
};

/** Walks kafkajs' error and its causes (retries exceeded → the last failure) to the most telling kind. */
export function classifyKafkaError(error: unknown, topic: string): FeedRelayError {
  if (error instanceof FeedRelayError) return error;
  let kind: FeedFailureKind = 'UNKNOWN';
  let detail = error instanceof Error ? error.message : String(error);
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as {
      name?: string;
      type?: string;
      message?: string;
      cause?: unknown;
      originalError?: unknown;
      errors?: unknown;
    };
    const byType = candidate.type ? BY_PROTOCOL_TYPE[candidate.type] : undefined;
    if (byType) {
      kind = byType;
      detail = candidate.message ?? detail;
      break;
    }
    // Admin calls (createTopics) wrap each topic's failure in a KafkaJSAggregateError's `errors`.
    const inner = Array.isArray(candidate.errors)
      ? (candidate.errors as Array<{ type?: string; message?: string }>).find((entry) => entry?.type && BY_PROTOCOL_TYPE[entry.type])
      : undefined;
    if (inner?.type) {
      kind = BY_PROTOCOL_TYPE[inner.type]!;
      detail = inner.message ?? detail;
      break;
    }
    if (candidate.name === 'KafkaJSRequestTimeoutError') {
      kind = 'TIMEOUT';
      detail = candidate.message ?? detail;
      break;
    }
    if (
      candidate.name === 'KafkaJSConnectionError' ||
      candidate.name === 'KafkaJSConnectionClosedError' ||
      candidate.name === 'KafkaJSBrokerNotFound' ||
      candidate.name === 'KafkaJSMetadataNotLoaded' ||
      (candidate.name === 'KafkaJSError' && /disconnected|Connection|ECONNREFUSED|ETIMEDOUT/i.test(candidate.message ?? ''))
    ) {
      kind = 'BROKER_UNREACHABLE';
      detail = candidate.message ?? detail;
    }
    current = candidate.cause ?? candidate.originalError;
  }
  const hint = HINTS[kind];
  return new FeedRelayError(kind, `${topic}: ${detail}${hint ? ` (${hint})` : ''}`, { topic });
}
