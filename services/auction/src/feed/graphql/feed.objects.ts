import { AUCTION_TYPES } from '../../graphql/auction-graphql-types';
import { Field, Float, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum FeedRelayStateGql {
  /** KAFKA_BROKERS is not set on this server: nothing is relayed. */
  NOT_CONFIGURED = 'NOT_CONFIGURED',
  DISABLED = 'DISABLED',
  RUNNING = 'RUNNING',
  /** The last attempts failed; the relay keeps its place and retries with back-off. */
  FAILING = 'FAILING',
  /**
   * Events are waiting and the relay has reported nothing (no success, no failure) for longer than
   * the Kafka request timeout: it is stuck in a publish, e.g. on a frozen broker (issue 23).
   */
  STALLED = 'STALLED',
}
registerEnumType(FeedRelayStateGql, { name: 'FeedRelayState' });

export enum FeedRepublishStatusGql {
  PENDING = 'PENDING',
  RUNNING = 'RUNNING',
  DONE = 'DONE',
  FAILED = 'FAILED',
  CANCELLED = 'CANCELLED',
}
registerEnumType(FeedRepublishStatusGql, { name: 'FeedRepublishStatus' });

@ObjectType('FeedSettings', { ...AUCTION_TYPES, description: "The brand's event feed on Kafka (docs/events.md)." })
export class FeedSettingsObject {
  @Field(() => String) brand: string;
  @Field(() => Boolean) enabled: boolean;
  @Field(() => [String], { nullable: true, description: 'Published event types; null = all, including types added later.' })
  eventTypes: string[] | null;
  @Field(() => [String], { description: 'Every event type the feed can publish.' }) availableEventTypes: string[];
  @Field(() => String) topic: string;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When the feed was last enabled; earlier events are not relayed live.' })
  enabledAt: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) updatedAt: Date | null;
}

@ObjectType('FeedRelayStatus', {
  ...AUCTION_TYPES,
  description: "What the brand's feed relay is doing (any instance answers from the database).",
})
export class FeedRelayStatusObject {
  @Field(() => String) brand: string;
  @Field(() => Boolean, { description: 'KAFKA_BROKERS is set on this server.' }) configured: boolean;
  @Field(() => Boolean) enabled: boolean;
  @Field(() => FeedRelayStateGql) state: FeedRelayStateGql;
  @Field(() => String) topic: string;
  @Field(() => String, { nullable: true, description: "The relay's place in the event log." }) checkpoint: string | null;
  @Field(() => Boolean, { nullable: true, description: 'No event of the log is waiting for the relay.' }) caughtUp: boolean | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When the oldest event not yet relayed was appended.' })
  behindSince: Date | null;
  @Field(() => Float, { nullable: true, description: 'Seconds since behindSince (0 when caught up).' }) lagSeconds: number | null;
  @Field(() => Float) publishedEvents: number;
  @Field(() => GraphQLISODateTime, { nullable: true }) lastPublishedAt: Date | null;
  @Field(() => String, { nullable: true }) lastPublishedPosition: string | null;
  @Field(() => Int) consecutiveFailures: number;
  @Field(() => GraphQLISODateTime, { nullable: true }) failingSince: Date | null;
  @Field(() => String, { nullable: true }) lastError: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      'BROKER_UNREACHABLE, TIMEOUT, TOPIC_MISSING, MESSAGE_TOO_LARGE, NOT_AUTHORIZED, INVALID_TOPIC, INVALID_EVENT, DATABASE or UNKNOWN.',
  })
  lastErrorKind: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) lastErrorAt: Date | null;
  @Field(() => GraphQLISODateTime) serverTime: Date;
}

@ObjectType('FeedRepublishJob', {
  ...AUCTION_TYPES,
  description: "A bounded re-publish of a brand's events (does not move the live relay).",
})
export class FeedRepublishJobObject {
  @Field(() => ID) id: string;
  @Field(() => String) brand: string;
  @Field(() => FeedRepublishStatusGql) status: FeedRepublishStatusGql;
  @Field(() => String, { nullable: true }) fromPosition: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) fromDate: Date | null;
  @Field(() => String, { description: 'Global position of the last event in range (the head when the job was created).' })
  untilPosition: string;
  @Field(() => String, { nullable: true }) currentPosition: string | null;
  @Field(() => Float, { description: 'Share of the range read so far, 0 to 1 (by log position).' }) progress: number;
  @Field(() => Float) scannedEvents: number;
  @Field(() => Float) publishedEvents: number;
  @Field(() => String, { nullable: true }) lastError: string | null;
  @Field(() => String, { nullable: true }) lastErrorKind: string | null;
  @Field(() => ID, { nullable: true }) requestedBy: string | null;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => GraphQLISODateTime, { nullable: true }) startedAt: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) finishedAt: Date | null;
}
