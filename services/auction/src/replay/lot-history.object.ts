import { COMMENT_STREAM_PREFIX, LOT_REPORT_STREAM_PREFIX } from '@trackside/contracts';
import { AUCTION_TYPES } from '../graphql/auction-graphql-types';
import { Field, Float, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-type-json';
import { UserReference } from '../graphql/user-reference.object';

@ObjectType('LotHistoryEvent', AUCTION_TYPES)
export class LotHistoryEventObject {
  @Field(() => Int) version: number;
  @Field(() => String, { description: 'Position in the global log (decimal string).' }) globalPosition: string;
  @Field(() => ID) eventId: string;
  @Field(() => String) type: string;
  @Field(() => GraphQLISODateTime) occurredAt: Date;
  @Field(() => GraphQLISODateTime) recordedAt: Date;
  @Field(() => ID, { nullable: true }) actorId: string | null;
  @Field(() => UserReference, { nullable: true, description: 'Who acted (identity resolves the name); null for the system.' })
  actor: UserReference | null;
  @Field(() => String, { nullable: true, description: "'socket', 'graphql', 'scheduler' or 'cli'; null when not recorded." })
  channel: string | null;
  @Field(() => String, { nullable: true }) correlationId: string | null;
  @Field(() => String, { nullable: true }) causationId: string | null;
  @Field(() => Float, { nullable: true, description: 'Money of bid-like events (bid, voided bid, final price) in the lot currency.' })
  amount: number | null;
  @Field(() => ID, { nullable: true, description: 'The client bid id of bid events.' }) bidId: string | null;
  @Field(() => UserReference, { nullable: true, description: 'The bidder of BidPlaced and BidVoided.' }) bidder: UserReference | null;
  @Field(() => String, { description: 'One readable line, e.g. "Bid 12,500.00 USD".' }) summary: string;
  @Field(() => GraphQLJSON) data: unknown;
}

@ObjectType('LotRejectedAttempt', AUCTION_TYPES)
export class LotRejectedAttemptObject {
  @Field(() => GraphQLISODateTime) attemptedAt: Date;
  @Field(() => GraphQLISODateTime) recordedAt: Date;
  @Field(() => String) globalPosition: string;
  @Field(() => ID, { nullable: true }) actorId: string | null;
  @Field(() => UserReference, { nullable: true }) actor: UserReference | null;
  @Field(() => String) code: string;
  @Field(() => String, { description: 'What the bidder was told (the catalogue message of the code).' }) message: string;
  @Field(() => String, { nullable: true }) channel: string | null;
  @Field(() => String, { nullable: true }) correlationId: string | null;
  @Field(() => String, { nullable: true, description: 'The client bid id as received.' }) bidId: string | null;
  @Field(() => String, { nullable: true, description: 'The amount as received (it may not be a number).' }) amount: string | null;
  @Field(() => Int, {
    nullable: true,
    description: 'Set on a window summary: how many further attempts of this bidder were counted, not recorded one by one.',
  })
  suppressedCount: number | null;
  @Field(() => GraphQLJSON) data: unknown;
}

@ObjectType('LotModerationEvent', {
  ...AUCTION_TYPES,
  description: 'A report of the lot, or staff moderation of one of its comments; recorded in its own stream, not the lot’s.',
})
export class LotModerationEventObject {
  @Field(() => ID) eventId: string;
  @Field(() => String, { description: `The stream it is in: '${LOT_REPORT_STREAM_PREFIX}<lotId>' or '${COMMENT_STREAM_PREFIX}<lotId>'.` })
  stream: string;
  @Field(() => Int, { description: 'Its version in that stream (not a version of the lot).' }) streamVersion: number;
  @Field(() => String, { description: 'Position in the global log (decimal string).' }) globalPosition: string;
  @Field(() => String, { description: 'LotReported, LotReportDismissed, CommentReported, CommentReportDismissed, CommentBlocked, …' })
  type: string;
  @Field(() => GraphQLISODateTime) occurredAt: Date;
  @Field(() => GraphQLISODateTime) recordedAt: Date;
  @Field(() => ID, { nullable: true }) actorId: string | null;
  @Field(() => UserReference, { nullable: true, description: 'The reporter, or the staff member who dismissed, blocked or removed.' })
  actor: UserReference | null;
  @Field(() => UserReference, { nullable: true, description: 'The author of the moderated comment; null for reports of the lot.' })
  subject: UserReference | null;
  @Field(() => ID, { nullable: true }) commentId: string | null;
  @Field(() => String, { nullable: true }) correlationId: string | null;
  @Field(() => String, { nullable: true }) causationId: string | null;
  @Field(() => String, { nullable: true }) channel: string | null;
  @Field(() => String, { description: 'One readable line, e.g. "Reported as bad language: Fake photos".' }) summary: string;
  @Field(() => GraphQLJSON) data: unknown;
}

@ObjectType('LotStateSummary', AUCTION_TYPES)
export class LotStateSummaryObject {
  @Field(() => Int, { description: 'Events folded.' }) version: number;
  @Field(() => String, { nullable: true, description: 'null before the first event.' }) status: string | null;
  @Field(() => Float, { nullable: true }) topBidAmount: number | null;
  @Field(() => ID, { nullable: true }) topBidId: string | null;
  @Field(() => UserReference, { nullable: true }) topBidder: UserReference | null;
  @Field(() => Int) bidCount: number;
  @Field(() => GraphQLISODateTime, { nullable: true }) finalEndDate: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) scheduledStartDate: Date | null;
  @Field(() => Boolean, { nullable: true }) reserveMet: boolean | null;
  @Field(() => Float, { nullable: true, description: 'The smallest acceptable next bid; null once the lot is ended or canceled.' })
  minimumBid: number | null;
}

@ObjectType('LotHistory', AUCTION_TYPES)
export class LotHistoryObject {
  @Field(() => ID) lotId: string;
  @Field(() => String, { nullable: true }) title: string | null;
  @Field(() => String) currency: string;
  @Field(() => String, { nullable: true, description: 'The owning brand.' }) brand: string | null;
  @Field(() => String, { nullable: true, description: 'The status after the last event.' }) status: string | null;
  @Field(() => Int, { description: 'Events in the lot’s stream.' }) streamVersion: number;
  @Field(() => [LotHistoryEventObject]) events: LotHistoryEventObject[];
  @Field(() => [LotRejectedAttemptObject]) rejectedAttempts: LotRejectedAttemptObject[];
  @Field(() => [LotModerationEventObject], { description: 'Reports of the lot and staff moderation of its comments, in log order.' })
  moderation: LotModerationEventObject[];
  @Field(() => Int, { description: 'Number of events folded into `state`.' }) asOfVersion: number;
  @Field(() => GraphQLJSON, { description: 'The decider state after `asOfVersion` events.' }) state: unknown;
  @Field(() => LotStateSummaryObject, { description: 'The state after `asOfVersion` events, typed.' }) asOfState: LotStateSummaryObject;
  @Field(() => GraphQLISODateTime) serverTime: Date;
}
