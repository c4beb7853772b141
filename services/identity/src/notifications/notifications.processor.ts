import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  decodeLotEvent,
  decodeWatchlistEvent,
  LOT_STREAM_PREFIX,
  lotIdOfStream,
  WATCHLIST_STREAM_PREFIX,
  type LotCreatedData,
  type LotEventData,
} from '@trackside/contracts';
import type { DefinedProcessor, EventFilter, RecordedEvent } from '@trackside/event-store';
import { CLOCK, type Clock, type DeclaresProcessor } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { EmailOutbox } from '../email/email-outbox.service';
import { outboxProcessor } from '../email/outbox-processor';
import { NotificationEmails, type EmailCandidate } from './notification-emails';
import type { NotificationKind } from './notification-kinds';
import { clearMaxima, follow, followers, loadLots, loadMaxima, markBidders, saveLots, saveMaxima, type Maximum } from './notification-lots';
import { NotificationPushes } from './notification-pushes';
import { NotificationStore, type NewNotification, type StoredNotification } from './notification-store';
import { lotPath, noticeText, type NoticeDetail, type NotificationLot } from './notification-text';

/** Processor name (its checkpoint row). */
export const NOTIFICATIONS_PROCESSOR = 'identity-notifications';
export const NOTIFICATIONS_FILTER: EventFilter = {
  streamPrefixes: [LOT_STREAM_PREFIX, WATCHLIST_STREAM_PREFIX],
  eventTypes: [
    'LotCreated',
    'LotUpdated',
    'LotScheduled',
    'LotWentLive',
    'BidPlaced',
    'LotEndExtended',
    'LotEnded',
    'BidVoided',
    'LotCanceled',
    'LotRelisted',
    'MaxBidSet',
    'LotWatched',
    'LotUnwatched',
  ],
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One batch's work: its lots in memory, the notifications it made. */
interface BatchState {
  manager: EntityManager;
  lots: Map<string, NotificationLot>;
  dirty: Set<string>;
  made: EmailCandidate[];
  /** Outbid and "maximum exceeded" notifications updated within their window: pushed again (unread, new amount), never emailed again. */
  updated: StoredNotification[];
  fresh: boolean;
  /** Bidders seen in this batch, not yet marked in notification_followers ("lotId userId" keys). */
  bidders: Set<string>;
  /** The batch's lots' maxima ("lotId userId"), loaded once; changed ones are written once. */
  maxima: Map<string, Maximum | null>;
  changedMaxima: Set<string>;
  /**
   * "Maximum exceeded" notices of the batch by "userId lotId" (a war of maxima makes one per bid):
   * the latest, written at its end like the outbid ones (one per bidder and lot per window).
   */
  exceeded: Map<string, { note: NewNotification; lot: NotificationLot; detail: NoticeDetail }>;
  /**
   * Outbid notices of the batch by "userId lotId": the latest amount, with the occurrence of the
   * first outbid of the run (what a notification per bid, each updating the previous, would leave).
   */
  outbid: Map<string, NewNotification>;
}

/**
 * Issue 21's notifications from the lot and watchlist events (docs/notifications.md): outbid, a
 * watched lot goes live, won, lost and the seller's lot ended. A checkpointed processor on
 * identity's host: the notification rows, their emails and the checkpoint commit together, and
 * each row's unique key (user, kind, lot, occurrence) makes a replay add nothing twice. Events
 * older than AUCTION_EMAIL_MAX_AGE_MINUTES update the read model but notify nobody. The ending
 * reminders need time, not events: EndingRemindersSweeper.
 */
@Injectable()
export class NotificationsProcessor implements DeclaresProcessor {
  readonly processor: DefinedProcessor<EntityManager>;
  /** Each batch's new notifications, pushed live once it commits. */
  private readonly made = new WeakMap<RecordedEvent[], StoredNotification[]>();

  constructor(
    @InjectDataSource() db: DataSource,
    outbox: EmailOutbox,
    private readonly store: NotificationStore,
    private readonly emails: NotificationEmails,
    private readonly pushes: NotificationPushes,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.processor = outboxProcessor(
      { db, outbox, enabled: () => config.NOTIFICATIONS_ENABLED },
      NOTIFICATIONS_PROCESSOR,
      NOTIFICATIONS_FILTER,
      (manager, batch) => this.applyBatch(manager, batch),
    );
    this.processor.runtime.onCommitted((batch) => {
      this.pushes.send(this.made.get(batch) ?? []);
    });
  }

  private async applyBatch(manager: EntityManager, batch: RecordedEvent[]): Promise<number> {
    const lotIds = [...new Set(batch.map((event) => lotOf(event.streamId)).filter((id): id is string => id !== null))];
    const state: BatchState = {
      manager,
      lots: await loadLots(manager, lotIds),
      dirty: new Set(),
      made: [],
      updated: [],
      fresh: false,
      bidders: new Set(),
      maxima: await loadMaxima(manager, lotIds),
      changedMaxima: new Set(),
      exceeded: new Map(),
      outbid: new Map(),
    };
    const maxAgeMs = this.config.AUCTION_EMAIL_MAX_AGE_MINUTES * 60_000;
    for (const event of batch) {
      state.fresh = this.clock.now().getTime() - event.createdAt.getTime() <= maxAgeMs;
      if (event.streamId.startsWith(WATCHLIST_STREAM_PREFIX)) await this.watchlist(manager, event);
      else await this.lotEvent(state, event);
    }
    await flushBidders(state);
    await this.addExceeded(state);
    await this.addOutbid(state);
    await saveLots(
      manager,
      [...state.dirty].map((id) => state.lots.get(id)!),
    );
    this.made.set(batch, [...state.made.map((candidate) => candidate.notification), ...state.updated]);
    return this.emails.send(manager, state.made);
  }

  private async watchlist(manager: EntityManager, event: RecordedEvent): Promise<void> {
    const decoded = decodeWatchlistEvent(event);
    if (!decoded || !UUID.test(decoded.data.userId) || !UUID.test(decoded.data.lotId)) return;
    await follow(manager, decoded.data.lotId.toLowerCase(), decoded.data.userId.toLowerCase(), { watching: decoded.type === 'LotWatched' });
  }

  private async lotEvent(state: BatchState, event: RecordedEvent): Promise<void> {
    const lotId = lotOf(event.streamId);
    // Read through the lot codec (older shapes upgraded); an event it cannot read is skipped.
    const decoded = lotId ? decodeLotEvent(event) : null;
    if (!lotId || !decoded) return;
    if (decoded.type === 'LotCreated') return this.created(state, lotId, decoded.data, event);
    const lot = state.lots.get(lotId);
    if (!lot) return;
    state.dirty.add(lotId);
    switch (decoded.type) {
      case 'LotUpdated': {
        const title = str(decoded.data.changes.title);
        if (title) lot.title = title;
        return;
      }
      case 'LotScheduled':
        lot.status = lot.status === 'LIVE' ? 'LIVE' : 'SCHEDULED';
        lot.finalEnd = date(decoded.data.finalEnd) ?? lot.finalEnd;
        return;
      case 'LotEndExtended':
        lot.finalEnd = date(decoded.data.newEnd) ?? lot.finalEnd;
        return;
      case 'LotWentLive':
        lot.status = 'LIVE';
        if (state.fresh) {
          await flushBidders(state);
          await this.notify(state, lot, 'WATCHED_LIVE', await followers(state.manager, lotId, { watching: true }), `${lot.round}`, {});
        }
        return;
      case 'BidPlaced':
        return this.bid(state, lot, decoded.data, event);
      case 'BidVoided': {
        const top = decoded.data.topBid;
        lot.topBidderId = str(top?.bidderId)?.toLowerCase() ?? null;
        lot.topAmountCents = cents(top?.amountCents);
        return;
      }
      case 'LotEnded':
        return this.ended(state, lot, decoded.data);
      case 'LotCanceled':
        lot.status = 'CANCELED';
        return;
      case 'LotRelisted':
        Object.assign(lot, { status: 'RELISTED', round: lot.round + 1, finalEnd: null, topBidderId: null, topAmountCents: null });
        await flushBidders(state);
        for (const key of state.maxima.keys()) if (key.startsWith(`${lotId} `)) state.maxima.delete(key);
        return clearMaxima(state.manager, lotId);
      case 'MaxBidSet': {
        const bidderId = str(decoded.data.bidderId)?.toLowerCase();
        const maxCents = cents(decoded.data.maximumCents);
        if (bidderId && UUID.test(bidderId) && maxCents !== null)
          setMaximum(state, lotId, bidderId, { maxCents, maxBidId: str(decoded.data.maxBidId) ?? event.eventId });
        return;
      }
      case 'LotApproved':
      case 'LotDisapproved':
      case 'LotShared':
      case 'LotUnshared':
      case 'LotHostAccepted':
      case 'LotHostDeclined':
        // Outside NOTIFICATIONS_FILTER: nothing of them is notified.
        return;
    }
  }

  private created(state: BatchState, lotId: string, data: LotCreatedData, event: RecordedEvent): void {
    const sellerId = str(data.sellerId)?.toLowerCase();
    if (!sellerId || !UUID.test(sellerId)) return;
    state.lots.set(lotId, {
      lotId,
      brand: str(data.brand) ?? event.metadata.brand,
      sellerId,
      title: str(data.title) ?? 'your lot',
      slug: str(data.slug) ?? lotId,
      currency: str(data.currency) ?? 'USD',
      status: 'PENDING',
      round: 1,
      finalEnd: null,
      topBidderId: null,
      topAmountCents: null,
    });
    state.dirty.add(lotId);
  }

  /** The previous top bidder is outbid: one notification per window, written at the end of the batch (addOutbid). */
  private async bid(state: BatchState, lot: NotificationLot, data: LotEventData<'BidPlaced'>, event: RecordedEvent): Promise<void> {
    const bidderId = str(data.bidderId)?.toLowerCase();
    const amountCents = cents(data.amountCents);
    if (!bidderId || !UUID.test(bidderId) || amountCents === null) return;
    const previous = lot.topBidderId;
    Object.assign(lot, { topBidderId: bidderId, topAmountCents: amountCents });
    // Marked once per batch (flushBidders): only followers() reads the flag, and it flushes first.
    state.bidders.add(`${lot.lotId} ${bidderId}`);
    if (!state.fresh || !previous || previous === bidderId) return;
    // Proxy bidding: a bid within the previous bidder's maximum is answered by their automatic bid
    // at once (they are not outbid); one above it is "your maximum was exceeded", once per maximum.
    const maximum = state.maxima.get(`${lot.lotId} ${previous}`) ?? null;
    if (maximum && amountCents <= maximum.maxCents) return;
    if (maximum) {
      const detail = { amountCents };
      const note = { userId: previous, brand: lot.brand, kind: 'MAX_EXCEEDED' as const, lotId: lot.lotId, occurrence: maximum.maxBidId };
      const pending = { note: { ...note, link: lotPath(lot), ...noticeText('MAX_EXCEEDED', lot, detail) }, lot: { ...lot }, detail };
      state.exceeded.set(`${previous} ${lot.lotId}`, pending);
      // Spent: from here on they are outbid like anyone else, until they set a new maximum.
      return setMaximum(state, lot.lotId, previous, null);
    }
    const key = `${previous} ${lot.lotId}`;
    const occurrence = state.outbid.get(key)?.occurrence ?? event.globalPosition;
    const note = { userId: previous, brand: lot.brand, kind: 'OUTBID' as const, lotId: lot.lotId, occurrence, link: lotPath(lot) };
    state.outbid.set(key, { ...note, ...noticeText('OUTBID', lot, { amountCents }) });
  }

  /** The batch's outbid notices: one update of those within their window, one insert of the others. */
  private async addOutbid(state: BatchState): Promise<void> {
    if (state.outbid.size === 0) return;
    const notes = [...state.outbid.values()];
    state.outbid = new Map();
    const { added, updated } = await this.store.addWithinWindow(
      state.manager,
      notes,
      this.config.NOTIFICATION_OUTBID_WINDOW_MINUTES * 60_000,
    );
    state.updated.push(...updated);
    // Outbid emails are the auction-emails processor's (NOTIFICATION_KINDS.OUTBID.emailedHere is false).
    for (const notification of added) state.made.push({ notification, lot: state.lots.get(notification.lotId)!, detail: {} });
  }

  /**
   * The batch's "maximum exceeded" notices, batched like the outbid ones: while a bidder's latest on
   * the lot is younger than NOTIFICATION_OUTBID_WINDOW_MINUTES it is updated (new amount, unread,
   * pushed again, not emailed again), so a war of maxima sends one email per bidder and lot per
   * window; one preference read and one insert for the others.
   */
  private async addExceeded(state: BatchState): Promise<void> {
    if (state.exceeded.size === 0) return;
    const pending = [...state.exceeded.values()];
    state.exceeded = new Map();
    const { added, updated } = await this.store.addWithinWindow(
      state.manager,
      pending.map(({ note }) => note),
      this.config.NOTIFICATION_OUTBID_WINDOW_MINUTES * 60_000,
    );
    state.updated.push(...updated);
    const pendingByKey = new Map(pending.map((one) => [noteKey(one.note), one]));
    for (const notification of added) {
      const one = pendingByKey.get(noteKey(notification))!;
      state.made.push({ notification, lot: one.lot, detail: one.detail });
    }
  }

  /** Won to the winner, lost to every other bidder, the result to the seller; once per round. */
  private async ended(state: BatchState, lot: NotificationLot, data: LotEventData<'LotEnded'>): Promise<void> {
    const sold = data.status === 'SOLD';
    lot.status = sold ? 'SOLD' : 'RESERVE_NOT_MET';
    if (!state.fresh) return;
    const winnerId = str(data.winnerId)?.toLowerCase() ?? null;
    const amountCents = cents(data.finalPriceCents) ?? lot.topAmountCents;
    const round = `${lot.round}`;
    await flushBidders(state);
    const bidders = await followers(state.manager, lot.lotId, { bid: true });
    if (sold && winnerId) await this.notify(state, lot, 'WON', [winnerId], round, { amountCents });
    await this.notify(
      state,
      lot,
      'LOST',
      bidders.filter((id) => id !== winnerId || !sold),
      round,
      { sold },
    );
    await this.notify(state, lot, 'LOT_ENDED', [lot.sellerId], round, { sold, amountCents });
  }

  private async notify(
    state: BatchState,
    lot: NotificationLot,
    kind: NotificationKind,
    userIds: string[],
    occurrence: string,
    detail: NoticeDetail,
  ): Promise<StoredNotification[]> {
    const text = noticeText(kind, lot, detail);
    const added = await this.store.add(
      state.manager,
      userIds.map((userId) => ({ userId, brand: lot.brand, kind, lotId: lot.lotId, occurrence, link: lotPath(lot), ...text })),
    );
    for (const notification of added) state.made.push({ notification, lot: { ...lot }, detail });
    return added;
  }
}

/** A bidder's maximum changes (null: spent), written at the next flush. */
function setMaximum(state: BatchState, lotId: string, userId: string, maximum: Maximum | null): void {
  state.maxima.set(`${lotId} ${userId}`, maximum);
  state.changedMaxima.add(`${lotId} ${userId}`);
}

/** Writes the batch's pending bidders and changed maxima, one statement each (before any read of the followers). */
async function flushBidders(state: BatchState): Promise<void> {
  if (state.changedMaxima.size > 0) {
    const rows = [...state.changedMaxima].map((key) => {
      const [lotId, userId] = key.split(' ');
      return { lotId: lotId!, userId: userId!, maximum: state.maxima.get(key) ?? null };
    });
    state.changedMaxima.clear();
    await saveMaxima(state.manager, rows);
  }
  if (state.bidders.size === 0) return;
  const pairs = [...state.bidders].map((key) => {
    const [lotId, userId] = key.split(' ');
    return { lotId: lotId!, userId: userId! };
  });
  state.bidders.clear();
  await markBidders(state.manager, pairs);
}

function noteKey(note: NewNotification): string {
  return `${note.userId} ${note.kind} ${note.lotId} ${note.occurrence}`;
}

function lotOf(streamId: string): string | null {
  const lotId = lotIdOfStream(streamId);
  return lotId && UUID.test(lotId) ? lotId.toLowerCase() : null;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function cents(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

function date(value: unknown): Date | null {
  const parsed = typeof value === 'string' ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
}
