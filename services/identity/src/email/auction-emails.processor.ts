import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  decodeLotEvent,
  decodeSellerEmailRequested,
  LOT_STREAM_PREFIX,
  lotIdOfStream,
  SELLER_EMAIL_REQUESTED,
  SELLER_EMAIL_STREAM_PREFIX,
  type BidVoidedData,
  type LotCreatedData,
} from '@trackside/contracts';
import type { EventFilter, RecordedEvent, DefinedProcessor } from '@trackside/event-store';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type DeclaresProcessor, type JsonLogger } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { outcomeChangeOf } from '../common/lot-outcome-change';
import { PublicLinks } from '../common/public-links';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { IdentityEventStore } from '../infrastructure/event-store.provider';
import { NotificationEmails } from '../notifications/notification-emails';
import type { NotificationKind } from '../notifications/notification-kinds';
import type { AuctionNotificationLotEntity } from '../persistence';
import { loadAuctionNotificationLots, saveAuctionNotificationLots } from './auction-notification-lots';
import { outboxProcessor } from './outbox-processor';
import { EmailOutbox, type OutgoingEmail } from './email-outbox.service';
import { brandDisplayName, type RenderedEmail } from './email-templates';
import { auctionEndedEmail, auctionWonEmail, bidVoidedEmail, formatMoney, outbidEmail, sellerMessageEmail } from './notification-templates';

/** Processor name (its checkpoint row in `eventstore.checkpoints`). */
export const AUCTION_EMAILS_PROCESSOR = 'identity-auction-emails';
const EVENT_TYPES = ['LotCreated', 'LotUpdated', 'BidPlaced', 'LotEnded', 'BidVoided', 'LotRelisted', SELLER_EMAIL_REQUESTED];
/** What it reads (its lag on the status page counts only these). */
export const AUCTION_EMAILS_FILTER: EventFilter = {
  streamPrefixes: [LOT_STREAM_PREFIX, SELLER_EMAIL_STREAM_PREFIX],
  eventTypes: EVENT_TYPES,
};
/** The lot of a lot's own stream (not its attempts, comments or reports), lower-case; undefined for another stream or a malformed id. */
function lotOfStream(streamId: string): string | undefined {
  const lotId = lotIdOfStream(streamId);
  return lotId && UUID.test(lotId) ? lotId.toLowerCase() : undefined;
}
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Recipient {
  id: string;
  brand: string;
  email: string;
  username: string;
  blocked: boolean;
}

/**
 * Emails bidders and sellers from the auction service's lot events (docs/architecture.md section 1: services
 * integrate through the event store): BidPlaced tells the previous top bidder they were outbid;
 * LotEnded tells the winner they won and the seller how it ended; BidVoided tells the bidder their
 * bid was removed, and why (docs/decisions.md "Staff remedies"), and, on an ended lot whose outcome
 * it changed, the new winner and the seller as at LotEnded. A checkpointed processor: the
 * emails are written to the outbox in the same transaction as the checkpoint, so each is queued
 * exactly once across restarts and instances. Events older than AUCTION_EMAIL_MAX_AGE_MINUTES
 * update the lot row but send nothing (a first start does not mail the whole history). It also
 * delivers the auction service's `SellerEmailRequested` (email the seller; docs/decisions.md).
 */
@Injectable()
export class AuctionEmailsProcessor implements DeclaresProcessor {
  readonly processor: DefinedProcessor<EntityManager>;
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: IdentityEventStore,
    private readonly outbox: EmailOutbox,
    private readonly links: PublicLinks,
    private readonly notificationEmails: NotificationEmails,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(AuctionEmailsProcessor.name);
    this.processor = outboxProcessor(
      { db: this.db, outbox: this.outbox, enabled: () => this.config.AUCTION_EMAILS_ENABLED },
      AUCTION_EMAILS_PROCESSOR,
      AUCTION_EMAILS_FILTER,
      (manager, batch) => this.applyBatch(manager, batch),
    );
  }

  /** Resolves once this instance (or the leader) has caught up with the log once. */
  caughtUp(): Promise<void> {
    return this.processor.runtime.caughtUp();
  }

  /**
   * Applies a batch; answers how many emails it queued. The batch is worked in memory: one read of
   * the lots it touches, one write of those lots, one read of the recipients, one insert of the
   * emails, so a busy bid path costs this processor a few statements per batch, not per bid. Within
   * a batch a bidder outbid several times on a lot gets one email (the latest amount), and none if
   * they bid again in the same batch.
   */
  private async applyBatch(manager: EntityManager, batch: RecordedEvent[]): Promise<number> {
    const relayed = batch.flatMap((event) => this.sellerMessage(event));
    await this.outbox.enqueueMany(manager, relayed);
    return relayed.length + (await this.applyLotEvents(manager, batch));
  }

  /**
   * A message to a lot's seller from the auction service (it owns the lot's contact address).
   * Delivered whatever its age: someone wrote it and was told it was sent.
   */
  private sellerMessage(event: RecordedEvent): OutgoingEmail[] {
    if (event.type !== SELLER_EMAIL_REQUESTED || !event.streamId.startsWith(SELLER_EMAIL_STREAM_PREFIX)) return [];
    // The contract's decoder: null without the recipient or the lot; missing text reads as ''.
    const data = decodeSellerEmailRequested(event);
    if (!data) return [];
    const to = data.to.toLowerCase();
    const replyTo = data.replyTo ? data.replyTo.toLowerCase() : null;
    const brand = data.brand || event.metadata.brand;
    if (!to || !ADDRESS.test(to) || to.length > 254) return [];
    const rendered = sellerMessageEmail({
      brandName: brandDisplayName(brand),
      subject: (data.subject || 'A message about your auction').slice(0, 200),
      header: data.header.slice(0, 300),
      subheader: data.subheader.slice(0, 300),
      content: data.content.slice(0, 10_000),
    });
    return [{ brand, userId: null, to, replyTo: replyTo && ADDRESS.test(replyTo) ? replyTo : null, tag: 'email-seller', rendered }];
  }

  private async applyLotEvents(manager: EntityManager, batch: RecordedEvent[]): Promise<number> {
    const events = batch
      .map((event) => ({ event, lotId: lotOfStream(event.streamId) }))
      .filter((entry): entry is { event: RecordedEvent; lotId: string } => entry.lotId !== undefined);
    if (events.length === 0) return 0;
    const ids = [...new Set(events.map((entry) => entry.lotId))];
    const lots = new Map((await loadAuctionNotificationLots(manager, ids)).map((lot) => [lot.lotId, lot]));
    const dirty = new Set<string>();
    const notices = new Map<string, Notice>();
    // Bidders a void put back on top: the outbid email they had about the voided bid no longer counts
    // against the window, so the next real outbid is emailed at once.
    const windowResets: Array<{ lotId: string; userId: string }> = [];
    const now = this.clock.now();
    const maxAgeMs = this.config.AUCTION_EMAIL_MAX_AGE_MINUTES * 60_000;
    let ended = 0;
    for (const { event, lotId } of events) {
      // Read through the lot codec (older shapes upgraded); an event it cannot read is skipped.
      const decoded = decodeLotEvent(event);
      if (!decoded) continue;
      if (decoded.type === 'LotCreated') {
        const created = createdLot(lotId, decoded.data, now);
        if (!created) continue;
        lots.set(lotId, created);
        dirty.add(lotId);
        continue;
      }
      const lot = lots.get(lotId);
      if (!lot) continue;
      const fresh = now.getTime() - event.createdAt.getTime() <= maxAgeMs;
      if (decoded.type === 'LotUpdated') {
        // The title and (on early events) the slug the lot page moved to, for the emails' wording and link.
        const title = str(decoded.data.changes.title);
        const slug = str(decoded.data.changes.slug);
        if (title) Object.assign(lot, { title, updatedAt: now });
        if (slug) Object.assign(lot, { slug, updatedAt: now });
        if (title || slug) dirty.add(lotId);
      } else if (decoded.type === 'BidPlaced') {
        const bidderId = str(decoded.data.bidderId)?.toLowerCase();
        const amount = cents(decoded.data.amountCents);
        if (!bidderId || !UUID.test(bidderId) || amount === null) continue;
        const previous = lot.topBidderId;
        Object.assign(lot, { topBidderId: bidderId, topAmountCents: String(amount), updatedAt: now });
        dirty.add(lotId);
        // Bidding again answers any outbid notice still waiting in this batch.
        notices.delete(`outbid|${lotId}|${bidderId}`);
        if (fresh && previous && previous !== bidderId)
          notices.set(`outbid|${lotId}|${previous}`, {
            kind: 'outbid',
            userId: previous,
            lot: { ...lot },
            amountCents: amount,
            at: event.createdAt,
          });
      } else if (decoded.type === 'BidVoided') {
        const voided = this.voided(lot, decoded.data, fresh);
        if (lot.topBidderId) windowResets.push({ lotId, userId: lot.topBidderId });
        dirty.add(lotId);
        if (voided) notices.set(`voided|${lotId}|${voided.bidId}`, voided.notice);
        if (fresh) await this.outcomeChanged(manager, event, lot, notices);
      } else if (decoded.type === 'LotRelisted') {
        // A new round: its first bidder outbids nobody.
        Object.assign(lot, { topBidderId: null, topAmountCents: null, updatedAt: now });
        dirty.add(lotId);
      } else if (decoded.type === 'LotEnded' && fresh) {
        const { status, finalPriceCents: amountCents } = decoded.data;
        const winnerId = str(decoded.data.winnerId)?.toLowerCase();
        ended += 1;
        if (status === 'SOLD' && winnerId && UUID.test(winnerId) && amountCents !== null)
          notices.set(`won|${lotId}|${ended}`, { kind: 'won', userId: winnerId, lot: { ...lot }, amountCents });
        notices.set(`ended|${lotId}|${ended}`, { kind: 'ended', userId: lot.sellerId, lot: { ...lot }, amountCents, outcome: status });
      }
    }
    await saveAuctionNotificationLots(
      manager,
      [...dirty].map((lotId) => lots.get(lotId)!),
    );
    await this.withinOutbidWindow(manager, notices, windowResets);
    return this.enqueueNotices(manager, notices);
  }

  /** Renders each notice for its recipient (blocked users and opted-out kinds skipped) and queues the emails. */
  private async enqueueNotices(manager: EntityManager, notices: Map<string, Notice>): Promise<number> {
    if (notices.size === 0) return 0;
    const recipientIds = [...new Set([...notices.values()].map((notice) => notice.userId))];
    const rows = (await manager.query(`SELECT id, brand, email, username, blocked FROM identity.users WHERE id = ANY($1::uuid[])`, [
      recipientIds,
    ])) as Recipient[];
    const recipients = new Map(rows.map((row) => [row.id, row]));
    // Issue 21: outbid, won and lot-ended honour the user's email choice and carry the unsubscribe link.
    const wanted = await this.notificationEmails.emailWanted(manager, recipientIds);
    const emails = [...notices.values()].flatMap((notice) => {
      const user = recipients.get(notice.userId);
      if (!user || user.blocked) return [];
      const kind = NOTIFICATION_KIND_OF[notice.kind];
      if (kind && !wanted(user.id, kind)) return [];
      const rendered = this.render(notice, user);
      return [
        {
          brand: user.brand,
          userId: user.id,
          to: user.email,
          rendered: kind ? this.notificationEmails.unsubscribable(rendered, user.brand, user.id, kind) : rendered,
        },
      ];
    });
    await this.outbox.enqueueMany(manager, emails);
    return emails.length;
  }

  /**
   * One outbid email per bidder and lot per OUTBID_EMAIL_WINDOW_MINUTES (issue 21): drops the outbid
   * notices of bidders emailed about that lot less than the window before the outbidding bid, and
   * records the time of those it keeps. Measured in the events' own times, so a replay decides the same.
   */
  private async withinOutbidWindow(
    manager: EntityManager,
    notices: Map<string, Notice>,
    resets: Array<{ lotId: string; userId: string }>,
  ): Promise<void> {
    const outbid = [...notices.entries()].filter(([, notice]) => notice.kind === 'outbid' && notice.at);
    if (outbid.length > 0) await this.keepOnePerWindow(manager, notices, outbid);
    // Last: a void in this batch also cancels the window of an outbid email sent earlier in it.
    if (resets.length > 0)
      await manager.query(
        `DELETE FROM identity.outbid_email_windows WHERE (lot_id, user_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
        [resets.map((reset) => reset.lotId), resets.map((reset) => reset.userId)],
      );
  }

  private async keepOnePerWindow(manager: EntityManager, notices: Map<string, Notice>, outbid: Array<[string, Notice]>): Promise<void> {
    const rows = (await manager.query(
      `SELECT lot_id, user_id, sent_at FROM identity.outbid_email_windows
        WHERE (lot_id, user_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
      [outbid.map(([, notice]) => notice.lot.lotId), outbid.map(([, notice]) => notice.userId)],
    )) as Array<{ lot_id: string; user_id: string; sent_at: Date }>;
    const lastSent = new Map(rows.map((row) => [`${row.lot_id}|${row.user_id}`, new Date(row.sent_at).getTime()]));
    const windowMs = this.config.OUTBID_EMAIL_WINDOW_MINUTES * 60_000;
    const kept: Notice[] = [];
    for (const [key, notice] of outbid) {
      const last = lastSent.get(`${notice.lot.lotId}|${notice.userId}`);
      if (last !== undefined && notice.at!.getTime() - last < windowMs) notices.delete(key);
      else kept.push(notice);
    }
    if (kept.length === 0) return;
    await manager.query(
      `INSERT INTO identity.outbid_email_windows (lot_id, user_id, sent_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[])
       ON CONFLICT (lot_id, user_id) DO UPDATE SET sent_at = GREATEST(outbid_email_windows.sent_at, EXCLUDED.sent_at)`,
      [kept.map((notice) => notice.lot.lotId), kept.map((notice) => notice.userId), kept.map((notice) => notice.at!.toISOString())],
    );
  }

  /**
   * The top bid moves back to the one the event names (so the next outbid email goes to the right
   * bidder); the voided bid's bidder gets a notice when the event is fresh.
   */
  private voided(lot: AuctionNotificationLotEntity, data: BidVoidedData, fresh: boolean): { bidId: string; notice: Notice } | null {
    const top = data.topBid;
    Object.assign(lot, {
      topBidderId: str(top?.bidderId)?.toLowerCase() ?? null,
      topAmountCents: top ? String(top.amountCents) : null,
      updatedAt: this.clock.now(),
    });
    const bidderId = str(data.bidderId)?.toLowerCase();
    const amountCents = cents(data.amountCents);
    if (!fresh || !bidderId || !UUID.test(bidderId) || amountCents === null) return null;
    const notice: Notice = { kind: 'voided', userId: bidderId, lot: { ...lot }, amountCents, reason: str(data.reason) ?? '' };
    return { bidId: data.bidId, notice };
  }

  /**
   * A bid voided after the lot ended may change how it ended (docs/back-office.md "Remedies"): the
   * new winner hears they won (told to place a new hold when theirs was released at the end) and
   * the seller the new outcome, or that the lot no longer sold. Keyed by the event id: once each.
   */
  private async outcomeChanged(
    manager: EntityManager,
    event: RecordedEvent,
    lot: AuctionNotificationLotEntity,
    notices: Map<string, Notice>,
  ): Promise<void> {
    const change = await outcomeChangeOf(this.events.store, event);
    if (!change) return;
    const { before, after } = change;
    const winnerId = after.winnerId;
    if (after.status === 'SOLD' && winnerId && UUID.test(winnerId) && after.finalPriceCents !== null) {
      // Every hold but the old winner's was released at LotEnded (lot-end-holds.processor.ts), so a
      // new winner who held one has none now; checked on the row, whatever that processor's lag.
      const held =
        before.winnerId !== winnerId &&
        (
          await manager.query<unknown[]>(
            `SELECT 1 FROM identity.payments WHERE item_id = $1 AND user_id = $2 AND payment_type = 'HOLD' AND hold_state IS NOT NULL LIMIT 1`,
            [lot.lotId, winnerId],
          )
        ).length > 0;
      notices.set(`won|${event.eventId}`, {
        kind: 'won',
        userId: winnerId,
        lot: { ...lot },
        amountCents: after.finalPriceCents,
        holdNeeded: held,
      });
    }
    notices.set(`ended|${event.eventId}`, {
      kind: 'ended',
      userId: lot.sellerId,
      lot: { ...lot },
      amountCents: after.finalPriceCents,
      outcome: after.status,
    });
  }

  private render(notice: Notice, user: Recipient): RenderedEmail {
    const base = {
      brandName: brandDisplayName(user.brand),
      username: user.username,
      lotTitle: notice.lot.title,
      // Spec 001 section 2: the lot page, shown as /auction/lot/{slug}.
      link: `${this.links.origin(user.brand)}/auction/lot/${encodeURIComponent(notice.lot.slug)}`,
    };
    const amount = notice.amountCents !== null ? formatMoney(notice.amountCents, notice.lot.currency) : null;
    switch (notice.kind) {
      case 'outbid':
        return outbidEmail({ ...base, amount: amount! });
      case 'won':
        return auctionWonEmail({ ...base, amount: amount!, holdNeeded: notice.holdNeeded });
      case 'ended':
        return auctionEndedEmail({ ...base, outcome: notice.outcome ?? 'RESERVE_NOT_MET', amount });
      case 'voided':
        return bidVoidedEmail({ ...base, amount: amount!, reason: notice.reason ?? '' });
      default: {
        const never: never = notice.kind;
        return never;
      }
    }
  }
}

/** The notification kind (per-user email preference, unsubscribe link) of each email; a voided bid's notice is not optional. */
const NOTIFICATION_KIND_OF: Record<Notice['kind'], NotificationKind | null> = {
  outbid: 'OUTBID',
  won: 'WON',
  ended: 'LOT_ENDED',
  voided: null,
};

interface Notice {
  kind: 'outbid' | 'won' | 'ended' | 'voided';
  userId: string;
  lot: AuctionNotificationLotEntity;
  amountCents: number | null;
  outcome?: 'SOLD' | 'RESERVE_NOT_MET';
  /** Why staff voided the bid ('voided'). */
  reason?: string;
  /** 'won' after a void: the new winner's hold was released at the end, so they must place a new one. */
  holdNeeded?: boolean;
  /** 'outbid': when the outbidding bid was recorded (the email window is measured in event time). */
  at?: Date;
}

/** The notification row of a new lot; null without a seller to write to. */
function createdLot(lotId: string, data: LotCreatedData, now: Date): AuctionNotificationLotEntity | null {
  const sellerId = str(data.sellerId)?.toLowerCase();
  if (!sellerId || !UUID.test(sellerId)) return null;
  return {
    lotId,
    brand: data.brand,
    sellerId,
    title: str(data.title) ?? 'your lot',
    slug: str(data.slug) ?? lotId,
    currency: str(data.currency) ?? 'USD',
    topBidderId: null,
    topAmountCents: null,
    updatedAt: now,
  };
}

function cents(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
