import { Inject } from '@nestjs/common';
import { Field, Float, GraphQLISODateTime, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { readProcessorStatuses } from '@trackside/event-store';
import { Staff } from '@trackside/platform';
import { IDENTITY_TYPES } from '../graphql/identity-graphql-types';
import { CLOCK, type Clock } from '../infrastructure/clock';
import { IdentityEventStore } from '../infrastructure/event-store.provider';
import { IDENTITY_PROCESSORS } from './identity-processors';

/**
 * The auction subgraph's `ProcessorStatus` shape under its own name: federation composes a type
 * defined by two subgraphs only when marked shareable, and each subgraph answers for its own
 * processors (docs/decisions.md "Processor status in every service").
 */
@ObjectType('IdentityProcessorStatus', IDENTITY_TYPES)
export class IdentityProcessorStatusObject {
  @Field(() => String) name: string;
  @Field(() => String, { description: '"checkpoint" (a row in eventstore.checkpoints) or "follower" (in memory, this instance).' })
  kind: string;
  @Field(() => String, { description: 'The checkpoint ("<transaction>/<position>"; empty before the first event).' }) position: string;
  @Field(() => Int, { description: 'Events of the processor’s filter after its position (counted up to 100,000).' }) lagEvents: number;
  @Field(() => Float, { description: 'Age of the oldest event it has not processed yet; 0 when caught up.' }) lagSeconds: number;
  @Field(() => String, { nullable: true, description: 'Its last batch failure seen by this instance, cleared by the next success.' })
  lastError: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) lastErrorAt: Date | null;
  @Field(() => GraphQLISODateTime, { description: 'When the position last moved.' }) updatedAt: Date;
}

/** The back office's Tools (superAdmin): where identity's log processors stand. */
@Resolver()
export class IdentityProcessorStatusResolver {
  constructor(
    private readonly events: IdentityEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Query(() => [IdentityProcessorStatusObject], { description: 'Where each of the identity service’s log processors stands (superAdmin).' })
  @Staff('superAdmin')
  identityProcessorStatuses(): Promise<IdentityProcessorStatusObject[]> {
    const db = { query: async <T>(sql: string, params?: unknown[]) => (await this.events.pool.query(sql, params)).rows as T[] };
    return readProcessorStatuses(db, IDENTITY_PROCESSORS, this.clock.now());
  }
}
