import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@trackside/event-store';
import type { DataSource, EntityManager } from 'typeorm';
import { describe, expect, it } from 'vitest';
import type { IdentityConfig } from '../config/identity-config';
import type { EmailOutbox } from '../email/email-outbox.service';
import type { NotificationEmails } from './notification-emails';
import type { NotificationPushes } from './notification-pushes';
import { NotificationStore } from './notification-store';
import { NotificationsProcessor } from './notifications.processor';

/** A manager that records its statements; the lot read answers one LIVE lot. */
function recordingManager(lotId: string, sellerId: string): { manager: EntityManager; statements: string[] } {
  const statements: string[] = [];
  const manager = {
    query: async (sql: string) => {
      statements.push(sql.replace(/\s+/g, ' ').trim());
      if (sql.includes('FROM identity.notification_lots WHERE lot_id'))
        return [
          {
            lot_id: lotId,
            brand: 'trackside',
            seller_id: sellerId,
            title: 'A lot',
            slug: 'a-lot',
            currency: 'USD',
            status: 'LIVE',
            round: 1,
            final_end: null,
            top_bidder_id: null,
            top_amount_cents: null,
          },
        ];
      return [];
    },
  } as unknown as EntityManager;
  return { manager, statements };
}

function bid(lotId: string, position: number, bidderId: string, amountCents: number): RecordedEvent {
  return event(lotId, position, 'BidPlaced', { bidId: randomUUID(), bidderId, amountCents, placedAt: new Date().toISOString() });
}

function event(lotId: string, position: number, type: string, data: Record<string, unknown>): RecordedEvent {
  return {
    eventId: randomUUID(),
    type,
    data,
    metadata: { brand: 'trackside' } as RecordedEvent['metadata'],
    streamId: `lot-${lotId}`,
    version: position,
    globalPosition: `${position}`,
    checkpoint: {} as RecordedEvent['checkpoint'],
    createdAt: new Date(),
  };
}

/** Each bidder in turn sets a maximum topping the previous one (10,000 + 1,000 a step), then its automatic bid. */
function competingMaxima(lotId: string, bidders: string[], bidCents: (index: number) => number): RecordedEvent[] {
  return bidders.flatMap((bidderId, index) => [
    event(lotId, 2 * index + 1, 'MaxBidSet', {
      maxBidId: randomUUID(),
      bidderId,
      maximumCents: 10_000 + index * 1_000,
      setAt: new Date().toISOString(),
    }),
    bid(lotId, 2 * index + 2, bidderId, bidCents(index)),
  ]);
}

function processorWith(
  store = { addWithinWindow: async () => ({ added: [], updated: [] }), add: async () => [] } as unknown as NotificationStore,
): NotificationsProcessor {
  const emails = { send: async () => 0 } as unknown as NotificationEmails;
  const config = {
    NOTIFICATIONS_ENABLED: true,
    AUCTION_EMAIL_MAX_AGE_MINUTES: 60,
    NOTIFICATION_OUTBID_WINDOW_MINUTES: 10,
  } as IdentityConfig;
  return new NotificationsProcessor(
    {} as DataSource,
    { kick: () => undefined } as unknown as EmailOutbox,
    store,
    emails,
    { send: () => undefined } as unknown as NotificationPushes,
    config,
    { now: () => new Date() } as never,
  );
}

describe("identity's notifications processor: statements per batch (issue 21's proxy-bidding cost)", () => {
  it('reads and writes a batch of competing maxima once, not one upsert per MaxBidSet and one read per bid', async () => {
    const lotId = randomUUID();
    const { manager, statements } = recordingManager(lotId, randomUUID());
    const bidders = Array.from({ length: 10 }, () => randomUUID());
    // Each new maximum tops the previous one: MaxBidSet, then its automatic BidPlaced.
    const batch = competingMaxima(lotId, bidders, (index) => 1_000 + index * 100);
    await (processorWith() as unknown as { applyBatch(m: EntityManager, b: RecordedEvent[]): Promise<number> }).applyBatch(manager, batch);

    const followers = statements.filter((sql) => sql.includes('identity.notification_followers'));
    // One read of the batch's maxima, one write of the changed ones, one of the bidders.
    expect(followers).toHaveLength(3);
  });

  it("marks a batch of bids' bidders in notification_followers with one statement, not one per bid", async () => {
    const lotId = randomUUID();
    const { manager, statements } = recordingManager(lotId, randomUUID());
    const processor = processorWith();
    const bidders = Array.from({ length: 20 }, () => randomUUID());
    const batch = bidders.map((bidderId, index) => bid(lotId, index + 1, bidderId, 1_000 + index * 100));
    await (processor as unknown as { applyBatch(m: EntityManager, b: RecordedEvent[]): Promise<number> }).applyBatch(manager, batch);

    const followerWrites = statements.filter((sql) => sql.startsWith('INSERT INTO identity.notification_followers'));
    expect(followerWrites).toHaveLength(1);
    expect(followerWrites[0]).toContain('unnest');
    // The lot row is read once and written once for the batch, as before.
    expect(statements.filter((sql) => sql.startsWith('INSERT INTO identity.notification_lots'))).toHaveLength(1);
  });

  it('writes a batch of outbid notices with one update and one insert, not one statement per bid', async () => {
    const lotId = randomUUID();
    const { manager, statements } = recordingManager(lotId, randomUUID());
    const store = new NotificationStore({} as DataSource, { now: () => new Date() });
    const bidders = Array.from({ length: 4 }, () => randomUUID());
    // A bidding war of four bidders: 20 bids, each outbidding the previous bidder.
    const batch = Array.from({ length: 20 }, (_, index) => bid(lotId, index + 1, bidders[index % 4]!, 1_000 + index * 100));
    await (processorWith(store) as unknown as { applyBatch(m: EntityManager, b: RecordedEvent[]): Promise<number> }).applyBatch(
      manager,
      batch,
    );

    const updates = statements.filter((sql) => sql.startsWith('UPDATE identity.notifications'));
    const inserts = statements.filter((sql) => sql.startsWith('INSERT INTO identity.notifications'));
    expect(updates).toHaveLength(1);
    expect(inserts).toHaveLength(1);
    expect(updates[0]).toContain('unnest');
  });

  it("writes a batch's lots to notification_lots with one statement, not one per lot", async () => {
    const { manager, statements } = recordingManager(randomUUID(), randomUUID());
    const lots = Array.from({ length: 3 }, () => randomUUID());
    const batch = lots.map((lotId, index) =>
      event(lotId, index + 1, 'LotCreated', {
        sellerId: randomUUID(),
        brand: 'trackside',
        title: `Lot ${index}`,
        slug: `lot-${index}`,
        currency: 'USD',
      }),
    );
    await (processorWith() as unknown as { applyBatch(m: EntityManager, b: RecordedEvent[]): Promise<number> }).applyBatch(manager, batch);

    const writes = statements.filter((sql) => sql.startsWith('INSERT INTO identity.notification_lots'));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain('unnest');
  });

  it('adds a batch of "maximum exceeded" notices with one preference read and one insert, not two statements per bid', async () => {
    const lotId = randomUUID();
    const { manager, statements } = recordingManager(lotId, randomUUID());
    // The real store on the recording manager: its statements are the ones counted.
    const store = new NotificationStore({} as DataSource, { now: () => new Date() });
    const bidders = Array.from({ length: 10 }, () => randomUUID());
    // Each new maximum tops the previous one; its automatic bid passes the previous maximum.
    const batch = competingMaxima(lotId, bidders, (index) => (index === 0 ? 1_000 : 10_000 + (index - 1) * 1_000 + 100));
    await (processorWith(store) as unknown as { applyBatch(m: EntityManager, b: RecordedEvent[]): Promise<number> }).applyBatch(
      manager,
      batch,
    );

    expect(statements.filter((sql) => sql.includes('FROM identity.notification_preferences'))).toHaveLength(1);
    const inserts = statements.filter((sql) => sql.startsWith('INSERT INTO identity.notifications'));
    expect(inserts).toHaveLength(1);
    expect(inserts[0]).toContain('unnest');
  });
});
