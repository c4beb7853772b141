import { Inject } from '@nestjs/common';
import { Args, GraphQLISODateTime, ID, Int, Query, Resolver } from '@nestjs/graphql';
import { messageFor } from '@trackside/contracts';
import { CLOCK, type Clock, ApiError, CurrentBrand, Staff } from '@trackside/platform';
import { invalid, isUuid } from '../queries/strapi-where';
import { LotHistoryObject } from './lot-history.object';
import { LotHistoryService, type LotHistory } from './lot-history.service';

const person = (id: string | null): { id: string } | null => (id ? { id } : null);

@Resolver()
export class LotHistoryResolver {
  constructor(
    private readonly history: LotHistoryService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Query(() => LotHistoryObject, {
    nullable: true,
    description:
      'Every event of a lot, its refused attempts, and its state as of an event or instant (staff of the owning brand and of brands hosting the lot).',
  })
  @Staff('auctionEnabled')
  async lotHistory(
    @Args('id', { type: () => ID }) id: string,
    @Args('asOfVersion', { type: () => Int, nullable: true }) asOfVersion: number | null,
    @Args('asOf', { type: () => GraphQLISODateTime, nullable: true }) asOf: Date | null,
    @CurrentBrand() brand: string,
  ): Promise<LotHistoryObject | null> {
    if (!isUuid(id)) throw invalid('Invalid auction id');
    if (asOfVersion !== null && asOfVersion !== undefined && asOfVersion < 0) throw invalid('asOfVersion must be zero or more');
    const history = await this.history.history(id.toLowerCase(), { asOfVersion, asOf });
    if (!history) return null;
    // A host brand's staff answer for the lot on their site too; any other brand is told it does not exist.
    if (history.brand !== brand && !history.hosts.includes(brand)) throw new ApiError('auction.notFound', messageFor('auction.notFound'));
    return this.present(history);
  }

  private present(history: LotHistory): LotHistoryObject {
    const { asOfState } = history;
    return {
      lotId: history.lotId,
      title: history.title,
      currency: history.currency,
      brand: history.brand,
      status: history.status,
      streamVersion: history.streamVersion,
      events: history.events.map((event) => ({
        ...event,
        occurredAt: new Date(event.occurredAt),
        recordedAt: new Date(event.recordedAt),
        actor: person(event.actorId),
        bidder: person(event.bidderId),
      })),
      rejectedAttempts: history.rejectedAttempts.map((attempt) => ({
        ...attempt,
        attemptedAt: new Date(attempt.attemptedAt),
        recordedAt: new Date(attempt.recordedAt),
        actor: person(attempt.actorId),
      })),
      moderation: history.moderation.map(({ subjectId, ...entry }) => ({
        ...entry,
        occurredAt: new Date(entry.occurredAt),
        recordedAt: new Date(entry.recordedAt),
        actor: person(entry.actorId),
        subject: person(subjectId),
      })),
      asOfVersion: history.asOfVersion,
      state: history.state,
      asOfState: { ...asOfState, topBidder: person(asOfState.topBidderId) },
      serverTime: this.clock.now(),
    };
  }
}
