import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@trackside/platform';
import type { AuctionObject } from '../graphql/auction.object';
import { toAuctionObject } from '../graphql/auction.mapper';
import { LotQueriesService } from '../queries/lot-queries.service';

/** Answers a mutation with the lot as the read model now shows it (after its own write). */
@Injectable()
export class LotPresenter {
  constructor(
    private readonly lots: LotQueriesService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async lot(lotId: string, brand: string): Promise<AuctionObject | null> {
    const lot = await this.lots.findVisible(lotId, brand);
    if (!lot) return null;
    const tops = lot.topBidId ? await this.lots.topBids([lot.id]) : new Map();
    return toAuctionObject(lot, tops.get(lot.id) ?? null, this.clock.now());
  }

  /** A lot as network staff of another brand see it while answering a share. */
  async networkLot(lotId: string): Promise<AuctionObject | null> {
    const lot = await this.lots.findById(lotId);
    if (!lot || !lot.shared) return null;
    return toAuctionObject(lot, null, this.clock.now());
  }
}
