import { AUCTION_TYPES } from '../graphql/auction-graphql-types';
import { processorStatusObjectType, type ProcessorStatusFields } from '@trackside/platform';
import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-type-json';

@ObjectType('EventLogStream', AUCTION_TYPES)
export class EventLogStreamObject {
  @Field(() => String) streamId: string;
  @Field(() => Int, { description: 'Events in the stream (its version).' }) version: number;
  @Field(() => String, { description: 'Type of the stream’s first event.' }) firstType: string;
  @Field(() => GraphQLISODateTime, { description: 'When the first event was recorded.' }) createdAt: Date;
}

@ObjectType('EventLogStreamsResult', AUCTION_TYPES)
export class EventLogStreamsResultObject {
  @Field(() => [EventLogStreamObject]) streams: EventLogStreamObject[];
  @Field(() => Int) count: number;
}

@ObjectType('EventLogEvent', AUCTION_TYPES)
export class EventLogEventObject {
  @Field(() => Int) version: number;
  @Field(() => String, { description: 'Position in the global log (decimal string).' }) globalPosition: string;
  @Field(() => ID) eventId: string;
  @Field(() => String) type: string;
  @Field(() => GraphQLISODateTime, { nullable: true }) occurredAt: Date | null;
  @Field(() => GraphQLISODateTime) recordedAt: Date;
  @Field(() => ID, { nullable: true }) actorId: string | null;
  @Field(() => String, { nullable: true }) correlationId: string | null;
  @Field(() => String, { nullable: true }) channel: string | null;
  @Field(() => GraphQLJSON) data: unknown;
  @Field(() => GraphQLJSON) metadata: unknown;
}

@ObjectType('EventLogPage', AUCTION_TYPES)
export class EventLogPageObject {
  @Field(() => String) streamId: string;
  @Field(() => Int, { description: 'Events in the stream (all brands).' }) streamVersion: number;
  @Field(() => [EventLogEventObject], { description: 'This brand’s events from fromVersion on, in version order.' })
  events: EventLogEventObject[];
  @Field(() => Int, { nullable: true, description: 'Where the next page starts; null at the end of the stream.' })
  nextVersion: number | null;
}

export const ProcessorStatusObject = processorStatusObjectType('ProcessorStatus', AUCTION_TYPES);
export type ProcessorStatusObject = ProcessorStatusFields;
