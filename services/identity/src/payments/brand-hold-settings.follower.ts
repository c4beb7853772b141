import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BRAND_EVENTS, BRAND_STREAM_PREFIX, type BrandAuctionConfiguredData } from '@trackside/contracts';
import type { Follower } from '@trackside/event-store';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import { IdentityEventStore } from '../infrastructure/event-store.provider';

/**
 * The brands' bid hold amounts, from the catalogue's `BrandAuctionConfigured` events (the same
 * events the auction service follows for `bidHoldRequired`), so the amount a hold charges and the
 * rule that asks for it come from one brand configuration. Read from the log start, then live.
 */
@Injectable()
export class BrandHoldSettings implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly amounts = new Map<string, number>();
  private follower: Follower | null = null;
  private readonly log: AppLogger;

  constructor(
    private readonly events: IdentityEventStore,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(BrandHoldSettings.name);
  }

  /** The brand's configured hold amount in cents, or null when the catalogue never set one. */
  holdAmountCents(brand: string): number | null {
    return this.amounts.get(brand) ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.follower = await this.events.store.follow(
      (batch) => {
        for (const event of batch) {
          const data = event.data as Partial<BrandAuctionConfiguredData> | null;
          const brand = data?.brand ?? event.metadata.brand;
          const amount = data?.bidHoldAmountCents;
          if (brand && typeof amount === 'number' && Number.isInteger(amount) && amount > 0) this.amounts.set(brand, amount);
        }
      },
      {
        after: '',
        filter: { streamPrefixes: [BRAND_STREAM_PREFIX], eventTypes: [BRAND_EVENTS.auctionConfigured] },
        onError: (error) => this.log.error('Following brand auction configuration failed; retrying', { error: String(error) }),
      },
    );
    await this.follower.caughtUp();
  }

  async onApplicationShutdown(): Promise<void> {
    const follower = this.follower;
    this.follower = null;
    await follower?.stop();
  }
}
