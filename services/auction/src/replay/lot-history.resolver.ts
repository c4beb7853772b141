import { Inject } from '@nestjs/common';
import { Args, GraphQLISODateTime, ID, Int, Query, Resolver } from '@nestjs/graphql';
import { ApiError, CurrentBrand, Staff } from '@trackside/platform';
import { CLOCK, type Clock } from '../infrastructure/clock';
import { invalid, isUuid } from '../queries/strapi-where';
import { LotHistoryObject } from './lot-history.object';
import { LotHistoryService } from './lot-history.service';

@Resolver()
export class LotHistoryResolver {
  constructor(
    private readonly history: LotHistoryService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Query(() => LotHistoryObject, {
    nullable: true,
    description: 'Every event of a lot, its rejected attempts, and its state as of an event or instant (staff).',
  })
  @Staff('auctionEnabled')
  async lotHistory(
    @Args('id', { type: () => ID }) id: string,
    @Args('asOfVersion', { type: () => Int, nullable: true }) asOfVersion: number | null,
    @Args('asOf', { type: () => GraphQLISODateTime, nullable: true }) asOf: Date | null,
    @CurrentBrand() brand: string,
  ): Promise<LotHistoryObject | null> {
    if (!isUuid(id)) throw invalid('Invalid auction id');
    if (asOfVersion !== null && asOfVersion < 0) throw invalid('asOfVersion must be zero or more');
    const history = await this.history.history(id, { asOfVersion, asOf });
    if (!history) return null;
    if (history.brand !== brand)
      throw new ApiError('auction.notFound', "This auction is not available yet or doesn't exist. Please try again later.");
    return {
      lotId: history.lotId,
      events: history.events.map((event) => ({ ...event, occurredAt: new Date(event.occurredAt), recordedAt: new Date(event.recordedAt) })),
      rejectedAttempts: history.rejectedAttempts.map((attempt) => ({
        ...attempt,
        attemptedAt: new Date(attempt.attemptedAt),
        recordedAt: new Date(attempt.recordedAt),
      })),
      asOfVersion: history.asOfVersion,
      state: history.state,
      serverTime: this.clock.now(),
    };
  }
}
