import { AUCTION_TYPES } from '../graphql/auction-graphql-types';
import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-type-json';

@ObjectType('LotHistoryEvent', AUCTION_TYPES)
export class LotHistoryEventObject {
  @Field(() => Int) version: number;
  @Field(() => String, { description: 'Position in the global log (decimal string).' }) globalPosition: string;
  @Field(() => ID) eventId: string;
  @Field(() => String) type: string;
  @Field(() => GraphQLISODateTime) occurredAt: Date;
  @Field(() => GraphQLISODateTime) recordedAt: Date;
  @Field(() => ID, { nullable: true }) actorId: string | null;
  @Field(() => String, { nullable: true }) correlationId: string | null;
  @Field(() => GraphQLJSON) data: unknown;
}

@ObjectType('LotRejectedAttempt', AUCTION_TYPES)
export class LotRejectedAttemptObject {
  @Field(() => GraphQLISODateTime) attemptedAt: Date;
  @Field(() => GraphQLISODateTime) recordedAt: Date;
  @Field(() => String) globalPosition: string;
  @Field(() => ID, { nullable: true }) actorId: string | null;
  @Field(() => String) code: string;
  @Field(() => GraphQLJSON) data: unknown;
}

@ObjectType('LotHistory', AUCTION_TYPES)
export class LotHistoryObject {
  @Field(() => ID) lotId: string;
  @Field(() => [LotHistoryEventObject]) events: LotHistoryEventObject[];
  @Field(() => [LotRejectedAttemptObject]) rejectedAttempts: LotRejectedAttemptObject[];
  @Field(() => Int, { description: 'Number of events folded into `state`.' }) asOfVersion: number;
  @Field(() => GraphQLJSON, { description: 'The decider state after `asOfVersion` events.' }) state: unknown;
  @Field(() => GraphQLISODateTime) serverTime: Date;
}
