import { describe, expect, it } from 'vitest';
import { classifyKafkaError } from './kafka-error-classifier';

/** kafkajs errors as they arrive (shapes taken from kafkajs 2.2.4 against a real broker). */
function kafkaError(name: string, message: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { name, ...extra });
}

describe('classifyKafkaError', () => {
  it('reads the protocol error type of a produce failure', () => {
    const error = kafkaError(
      'KafkaJSProtocolError',
      'The request included a message larger than the max message size the server will accept',
      {
        type: 'MESSAGE_TOO_LARGE',
      },
    );
    const failure = classifyKafkaError(error, 'trackside.alpha.auction-events.v1');
    expect(failure.kind).toBe('MESSAGE_TOO_LARGE');
    expect(failure.message).toContain('max.message.bytes');
  });

  it('finds the cause behind retries', () => {
    const cause = kafkaError('KafkaJSProtocolError', 'This server does not host this topic-partition', {
      type: 'UNKNOWN_TOPIC_OR_PARTITION',
    });
    const error = kafkaError('KafkaJSNumberOfRetriesExceeded', 'retries exceeded', { cause });
    expect(classifyKafkaError(error, 't').kind).toBe('TOPIC_MISSING');
  });

  it("reads a topic creation failure inside kafkajs' aggregate error (replication factor above the brokers)", () => {
    // What admin.createTopics({ replicationFactor: 3 }) throws on a one-broker cluster.
    const error = kafkaError('KafkaJSAggregateError', 'Topic creation errors', {
      errors: [kafkaError('KafkaJSCreateTopicError', 'Replication-factor is invalid', { type: 'INVALID_REPLICATION_FACTOR' })],
    });
    const failure = classifyKafkaError(error, 'trackside.gamma.auction-events.v1');
    expect(failure.kind).toBe('INVALID_TOPIC');
    expect(failure.message).toContain('Replication-factor is invalid');
    expect(failure.message).toContain('FEED_TOPIC_REPLICATION_FACTOR');
  });

  it('reports timeouts and unreachable brokers, and anything else as UNKNOWN', () => {
    expect(classifyKafkaError(kafkaError('KafkaJSRequestTimeoutError', 'Request Produce(key: 0, version: 7) timed out'), 't').kind).toBe(
      'TIMEOUT',
    );
    expect(classifyKafkaError(kafkaError('KafkaJSConnectionError', 'Connection error: connect ECONNREFUSED'), 't').kind).toBe(
      'BROKER_UNREACHABLE',
    );
    expect(classifyKafkaError(new Error('something else'), 't').kind).toBe('UNKNOWN');
  });
});
