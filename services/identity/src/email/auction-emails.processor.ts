import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RecordedEvent, SqlExecutor, Subscription, TransactionRunner } from '@trackside/event-store';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PublicLinks } from '../common/public-links';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { CLOCK, type Clock } from '../infrastructure/clock';
import { IdentityEventStore } from '../infrastructure/event-store.provider';
import { AuctionNotificationLotEntity } from '../persistence';
import { EmailOutbox } from './email-outbox.service';
import { brandDisplayName, type RenderedEmail } from './email-templates';
import { auctionEndedEmail, auctionWonEmail, formatMoney, outbidEmail } from './notification-templates';

/** Processor name (its checkpoint row in `eventstore.checkpoints`). */
export const AUCTION_EMAILS_PROCESSOR = 'identity-auction-emails';
const EVENT_TYPES = ['LotCreated', 'LotUpdated', 'BidPlaced', 'LotEnded'];
const LOT_STREAM = /^lot-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Recipient {
  id: string;
  brand: string;
  email: string;
  username: string;
  blocked: boolean;
}

/**
 * Emails bidders and sellers from the auction service's lot events (ARCHITECTURE.md: services
 * integrate through the event store): BidPlaced tells the previous top bidder they were outbid;
 * LotEnded tells the winner they won and the seller how it ended. A checkpointed processor: the
 * emails are written to the outbox in the same transaction as the checkpoint, so each is queued
 * exactly once across restarts and instances. Events older than AUCTION_EMAIL_MAX_AGE_MINUTES
 * update the lot row but send nothing (a first start does not mail the whole history).
 */
@Injectable()
export class AuctionEmailsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription | null = null;
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: IdentityEventStore,
    private readonly outbox: EmailOutbox,
    private readonly links: PublicLinks,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(AuctionEmailsProcessor.name);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.AUCTION_EMAILS_ENABLED) await this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    let queued = 0;
    const runner: TransactionRunner<EntityManager> = async (work) => {
      queued = 0;
      const result = await this.db.transaction((manager) =>
        work({ query: (sql, params) => manager.query(sql, params) } satisfies SqlExecutor, manager),
      );
      if (queued > 0) this.outbox.kick();
      return result;
    };
    this.subscription = await this.events.store.subscribe<EntityManager>(
      AUCTION_EMAILS_PROCESSOR,
      async (batch, manager) => {
        for (const event of batch) queued += await this.apply(manager, event);
      },
      {
        filter: { streamPrefixes: ['lot-'], eventTypes: EVENT_TYPES },
        batchSize: 200,
        transaction: runner,
        onError: (error) => this.log.error('Auction emails batch failed; retrying', { error: String(error) }),
      },
    );
  }

  /** Resolves once this instance (or the leader) has caught up with the log once. */
  async caughtUp(): Promise<void> {
    await this.subscription?.caughtUp();
  }

  /** Applies one event; answers how many emails it queued. */
  private async apply(manager: EntityManager, event: RecordedEvent): Promise<number> {
    const lotId = LOT_STREAM.exec(event.streamId)?.[1]?.toLowerCase();
    if (!lotId) return 0;
    const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
    const lots = manager.getRepository(AuctionNotificationLotEntity);
    const now = this.clock.now();
    if (event.type === 'LotCreated') {
      const sellerId = str(data.sellerId);
      if (!sellerId || !UUID.test(sellerId)) return 0;
      await lots.upsert(
        {
          lotId,
          brand: str(data.brand) ?? event.metadata.brand,
          sellerId: sellerId.toLowerCase(),
          title: str(data.title) ?? 'your lot',
          slug: str(data.slug) ?? lotId,
          currency: str(data.currency) ?? 'USD',
          topBidderId: null,
          topAmountCents: null,
          updatedAt: now,
        },
        ['lotId'],
      );
      return 0;
    }
    const lot = await lots.findOne({ where: { lotId } });
    if (!lot) return 0;
    const fresh = now.getTime() - event.createdAt.getTime() <= this.config.AUCTION_EMAIL_MAX_AGE_MINUTES * 60_000;
    switch (event.type) {
      case 'LotUpdated': {
        const changes = (typeof data.changes === 'object' && data.changes !== null ? data.changes : {}) as Record<string, unknown>;
        const title = str(changes.title);
        if (title) await lots.update({ lotId }, { title, updatedAt: now });
        return 0;
      }
      case 'BidPlaced': {
        const bidderId = str(data.bidderId)?.toLowerCase();
        const amount = typeof data.amountCents === 'number' && Number.isSafeInteger(data.amountCents) ? data.amountCents : null;
        if (!bidderId || !UUID.test(bidderId) || amount === null) return 0;
        const previous = lot.topBidderId;
        await lots.update({ lotId }, { topBidderId: bidderId, topAmountCents: String(amount), updatedAt: now });
        if (!fresh || !previous || previous === bidderId) return 0;
        return this.send(manager, previous, (user) =>
          outbidEmail({ ...this.lotNotice(lot, user), amount: formatMoney(amount, lot.currency) }),
        );
      }
      case 'LotEnded': {
        if (!fresh) return 0;
        const status = data.status === 'SOLD' ? 'SOLD' : 'RESERVE_NOT_MET';
        const finalCents =
          typeof data.finalPriceCents === 'number' && Number.isSafeInteger(data.finalPriceCents) ? data.finalPriceCents : null;
        const amount = finalCents !== null ? formatMoney(finalCents, lot.currency) : null;
        const winnerId = str(data.winnerId)?.toLowerCase();
        let sent = 0;
        if (status === 'SOLD' && winnerId && UUID.test(winnerId) && amount)
          sent += await this.send(manager, winnerId, (user) => auctionWonEmail({ ...this.lotNotice(lot, user), amount }));
        sent += await this.send(manager, lot.sellerId, (user) =>
          auctionEndedEmail({ ...this.lotNotice(lot, user), outcome: status, amount }),
        );
        return sent;
      }
      default:
        return 0;
    }
  }

  private lotNotice(lot: AuctionNotificationLotEntity, user: Recipient) {
    return {
      brandName: brandDisplayName(user.brand),
      username: user.username,
      lotTitle: lot.title,
      // Spec 001 section 2: the lot page, shown as /auction/lot/{slug}.
      link: `${this.links.origin(user.brand)}/auction/lot/${encodeURIComponent(lot.slug)}`,
    };
  }

  /** Queues one email to a user (of any brand: bidders may come from a host brand); none to deleted or blocked users. */
  private async send(manager: EntityManager, userId: string, render: (user: Recipient) => RenderedEmail): Promise<number> {
    const rows = (await manager.query(`SELECT id, brand, email, username, blocked FROM identity.users WHERE id = $1`, [
      userId,
    ])) as Recipient[];
    const user = rows[0];
    if (!user || user.blocked) return 0;
    await this.outbox.enqueue(manager, { brand: user.brand, userId: user.id, to: user.email, rendered: render(user) });
    return 1;
  }
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
