import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@trackside/event-store';
import { DEMO_PASSWORD, demoEmail, demoUserId } from '@trackside/identity-service';
import { eventually, waitUntil } from '@trackside/testing';
import { BrandReminderHoursFollower } from '../../src/notifications/brand-reminder-hours.processor';
import { EndingRemindersSweeper } from '../../src/notifications/ending-reminders.sweeper';
import { IdentityTestApp, linkIn } from '../support/identity-test-app';

interface Note {
  id: string;
  kind: string;
  lotId: string;
  title: string;
  body: string;
  link: string;
  read: boolean;
}

const NOTIFICATIONS = `{ notifications(limit: 50) { id kind lotId title body link read } unreadNotificationCount }`;

/**
 * Issue 21's notifications (docs/notifications.md): the lot and watchlist events are appended to
 * the shared event store as the auction service writes them; identity's notifications processor
 * follows the log, the ending reminders run on the test clock.
 */
describe('notifications from the lot and watchlist events (e2e, event store, PostgreSQL)', () => {
  let app: IdentityTestApp;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  const tokens = new Map<string, string>();
  const seller = demoUserId('trackside', 'seller');
  const bidder1 = demoUserId('trackside', 'bidder1');
  const bidder2 = demoUserId('trackside', 'bidder2');

  beforeAll(async () => {
    app = await IdentityTestApp.create({ env: { NOTIFICATION_BRAND_REMINDER_HOURS: 'jewelry=48' } });
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await app?.close();
  });

  async function token(role: 'seller' | 'bidder1' | 'bidder2'): Promise<string> {
    const cached = tokens.get(role);
    if (cached) return cached;
    const result = await app.login(demoEmail('trackside', role), DEMO_PASSWORD, { brand: 'trackside' });
    const jwt = result.data!.loginUser.jwt;
    tokens.set(role, jwt);
    return jwt;
  }

  async function notes(role: 'seller' | 'bidder1' | 'bidder2'): Promise<{ notes: Note[]; unread: number }> {
    const result = await app.gql<{ notifications: Note[]; unreadNotificationCount: number }>(
      NOTIFICATIONS,
      {},
      { token: await token(role) },
    );
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return { notes: result.data!.notifications, unread: result.data!.unreadNotificationCount };
  }

  async function notesOf(role: 'seller' | 'bidder1' | 'bidder2', lotId: string, kind: string, count: number): Promise<Note[]> {
    return waitUntil(
      async () => (await notes(role)).notes.filter((note) => note.lotId === lotId && note.kind === kind),
      (found) => found.length >= count,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
  }

  const version = new Map<string, number>();
  async function append(streamId: string, type: string, data: Record<string, unknown>): Promise<void> {
    const expected = version.get(streamId) ?? 0;
    await store.append(streamId, [{ type, data, metadata: { brand: 'trackside', occurredAt: new Date().toISOString() } }], {
      expectedVersion: expected === 0 ? 'no_stream' : expected,
    });
    version.set(streamId, expected + 1);
  }
  const lotEvent = (lotId: string, type: string, data: Record<string, unknown>) => append(`lot-${lotId}`, type, data);

  async function liveLot(title: string, endsInMs: number, watchers: string[] = [], brand = 'trackside'): Promise<string> {
    const lotId = randomUUID();
    await lotEvent(lotId, 'LotCreated', {
      lotId,
      brand,
      sellerId: seller,
      slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-1`,
      title,
      status: 'PENDING',
      currency: 'USD',
      createdAt: new Date().toISOString(),
    });
    for (const userId of watchers)
      await append(`watchlist-${userId}`, 'LotWatched', { userId, lotId, brand, watchedAt: new Date().toISOString() });
    const end = new Date(app.clock.now().getTime() + endsInMs).toISOString();
    await lotEvent(lotId, 'LotScheduled', {
      scheduledStart: new Date().toISOString(),
      scheduledEnd: end,
      finalEnd: end,
      scheduledBy: seller,
    });
    await lotEvent(lotId, 'LotWentLive', { wentLiveAt: new Date().toISOString() });
    return lotId;
  }

  const bid = (lotId: string, bidderId: string, amountCents: number) =>
    lotEvent(lotId, 'BidPlaced', { bidId: randomUUID(), bidderId, amountCents, isFirstBid: false, placedAt: new Date().toISOString() });

  /** Waits until the notifications processor has passed every committed event it reads (not its own pushes). */
  async function processed(): Promise<void> {
    const newest = await pool.query<{ head: string }>(
      `SELECT transaction_id::text || '/' || global_position::text AS head FROM eventstore.events
        WHERE stream_id LIKE 'lot-%' OR stream_id LIKE 'watchlist-%' ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    await eventually(
      async () => {
        const rows = await pool.query<{ checkpoint: string }>(
          `SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = 'identity-notifications'`,
        );
        if (!rows.rows[0] || store.compareCheckpoints(rows.rows[0].checkpoint, newest.rows[0]!.head) < 0) throw new Error('not caught up');
      },
      { timeoutMs: 10_000, intervalMs: 25 },
    );
  }

  it('tells watchers a lot went live, in the app and by email with a working one-click unsubscribe link', async () => {
    const lotId = await liveLot('Jaguar E-Type', 3 * 24 * 3_600_000, [bidder1]);
    const [live] = await notesOf('bidder1', lotId, 'WATCHED_LIVE', 1);
    expect(live).toMatchObject({ title: 'Jaguar E-Type is live', link: '/auction/lot/jaguar-e-type-1', read: false });
    // Pushed live: a NotificationAdded on the user's push stream, which the realtime service relays.
    await waitUntil(
      async () =>
        (
          await pool.query<{ data: { id: string; title: string } }>(
            `SELECT data FROM eventstore.events WHERE stream_id = $1 AND type = 'NotificationAdded'`,
            [`user-notifications-${bidder1}`],
          )
        ).rows.map((row) => row.data),
      (pushes) => pushes.some((push) => push.id === live!.id && push.title === 'Jaguar E-Type is live'),
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    const [email] = await waitUntil(
      () => app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'watched-lot-live'),
      (found) => found.length >= 1,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(email!.subject).toBe('Trackside: Jaguar E-Type is live');
    expect(email!.text).toContain('http://web.test/auction/lot/jaguar-e-type-1');
    const unsubscribe = /Unsubscribe from these emails: (\S+)/.exec(email!.text!)?.[1];
    expect(unsubscribe).toMatch(/^http:\/\/web\.test\/notifications\/unsubscribe\/[\w-]+\.[\w-]+$/);
    expect(email!.html).toContain('Unsubscribe from these emails</a>');

    const tokenOf = unsubscribe!.split('/').pop()!;
    const answer = await app.gql<{ unsubscribeNotificationEmail: { ok: boolean; kind: string; label: string } }>(
      `mutation($t: String!) { unsubscribeNotificationEmail(token: $t) { ok kind label } }`,
      { t: tokenOf },
    );
    expect(answer.data?.unsubscribeNotificationEmail).toEqual({ ok: true, kind: 'WATCHED_LIVE', label: 'A watched lot goes live' });
    const forged = await app.gql<{ unsubscribeNotificationEmail: { ok: boolean } }>(
      `mutation($t: String!) { unsubscribeNotificationEmail(token: $t) { ok kind label } }`,
      { t: `${tokenOf}x` },
    );
    expect(forged.data?.unsubscribeNotificationEmail).toEqual({ ok: false, kind: null, label: null });
    const preferences = await app.gql<{ notificationPreferences: Array<{ kind: string; inApp: boolean; email: boolean }> }>(
      `{ notificationPreferences { kind label inApp email } }`,
      {},
      { token: await token('bidder1') },
    );
    expect(preferences.data!.notificationPreferences.find((each) => each.kind === 'WATCHED_LIVE')).toMatchObject({
      inApp: true,
      email: false,
    });

    // Unsubscribed: the next watched lot is still in the app, but no email is sent.
    const next = await liveLot('Jaguar XK120', 3 * 24 * 3_600_000, [bidder1]);
    await notesOf('bidder1', next, 'WATCHED_LIVE', 1);
    await processed();
    expect(await app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'watched-lot-live')).toHaveLength(1);
    expect(linkIn(email!.text!)).toBe('http://web.test/auction/lot/jaguar-e-type-1');
  });

  it('turns a kind off in the app with setNotificationPreference, and refuses an unknown kind', async () => {
    const viewer = { token: await token('bidder2') };
    const set = await app.gql<{ setNotificationPreference: { kind: string; inApp: boolean; email: boolean } }>(
      `mutation { setNotificationPreference(kind: "WATCHED_LIVE", inApp: false) { kind inApp email } }`,
      {},
      viewer,
    );
    expect(set.data!.setNotificationPreference).toEqual({ kind: 'WATCHED_LIVE', inApp: false, email: true });
    const wrong = await app.gql(`mutation { setNotificationPreference(kind: "NOPE", email: false) { kind } }`, {}, viewer);
    expect(wrong.errors?.[0]?.message).toContain('kind must be one of');
    const lotId = await liveLot('Austin-Healey 3000', 3 * 24 * 3_600_000, [bidder2]);
    await processed();
    expect((await notes('bidder2')).notes.filter((note) => note.lotId === lotId)).toEqual([]);
    // Email still on: the email was sent.
    const emails = await app.emailsTo(demoEmail('trackside', 'bidder2'), 'trackside', 'watched-lot-live');
    expect(emails.map((email) => email.subject)).toContain('Trackside: Austin-Healey 3000 is live');
    await app.gql(`mutation { setNotificationPreference(kind: "WATCHED_LIVE", inApp: true) { kind } }`, {}, viewer);
  });

  it('batches a bidding war into one outbid notification per bidder per window (test clock), and marks read', async () => {
    const lotId = await liveLot('Datsun 240Z', 3 * 24 * 3_600_000);
    await bid(lotId, bidder1, 100_000);
    await bid(lotId, bidder2, 110_000);
    await bid(lotId, bidder1, 120_000);
    await bid(lotId, bidder2, 130_000);
    await processed();
    const war = await notesOf('bidder1', lotId, 'OUTBID', 1);
    expect(war).toHaveLength(1);
    expect(war[0]!.body).toBe('Another bidder bid USD 1,300.00. Bid again to stay in the running.');
    const unread = (await notes('bidder1')).unread;

    // Past the window (5 minutes by default) the next outbid is a new notification.
    app.clock.advance(6 * 60_000);
    try {
      await bid(lotId, bidder1, 140_000);
      await bid(lotId, bidder2, 150_000);
      const after = await notesOf('bidder1', lotId, 'OUTBID', 2);
      expect(after).toHaveLength(2);
      expect(after[0]!.body).toContain('USD 1,500.00');
    } finally {
      app.clock.reset();
    }
    expect((await notes('bidder1')).unread).toBe(unread + 1);
    const marked = await app.gql<{ markNotificationsRead: number }>(
      `mutation { markNotificationsRead }`,
      {},
      { token: await token('bidder1') },
    );
    expect(marked.data!.markNotificationsRead).toBeGreaterThanOrEqual(unread + 1);
    expect((await notes('bidder1')).unread).toBe(0);
  });

  it('tells the winner, the other bidders and the seller how a lot ended, once each, also after a replay from the start', async () => {
    const lotId = await liveLot('Lancia Stratos', 3 * 24 * 3_600_000);
    await bid(lotId, bidder1, 500_000);
    await bid(lotId, bidder2, 600_000);
    await lotEvent(lotId, 'LotEnded', { status: 'SOLD', finalPriceCents: 600_000, winnerId: bidder2, endedAt: new Date().toISOString() });
    const [won] = await notesOf('bidder2', lotId, 'WON', 1);
    expect(won!.title).toBe('You won Lancia Stratos');
    const [lost] = await notesOf('bidder1', lotId, 'LOST', 1);
    expect(lost!.body).toBe('Another bidder won it.');
    const [ended] = await notesOf('seller', lotId, 'LOT_ENDED', 1);
    expect(ended!.body).toBe('It sold for USD 6,000.00.');
    const lostEmails = await waitUntil(
      () => app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'auction-lost'),
      (found) => found.length >= 1,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(lostEmails[0]!.text).toContain('The auction of Lancia Stratos, which you bid on, has ended. Another bidder won it.');

    // Replay: the checkpoint is dropped and the service restarted, so the processor reads the whole log again.
    const before = await pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM identity.notifications`);
    const emailsBefore = await pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM identity.email_outbox`);
    await pool.query(`DELETE FROM eventstore.checkpoints WHERE processor_name = 'identity-notifications'`);
    await app.restart();
    tokens.clear();
    await processed();
    const after = await pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM identity.notifications`);
    const emailsAfter = await pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM identity.email_outbox`);
    expect(after.rows[0]!.count).toBe(before.rows[0]!.count);
    expect(emailsAfter.rows[0]!.count).toBe(emailsBefore.rows[0]!.count);
  });

  it('tells a bidder once when a bid passes their maximum (proxy bidding), instead of a plain outbid', async () => {
    const lotId = await liveLot('Porsche 356', 3 * 24 * 3_600_000);
    const maxBidId = randomUUID();
    await lotEvent(lotId, 'MaxBidSet', { maxBidId, bidderId: bidder1, maximumCents: 200_000, setAt: new Date().toISOString() });
    await lotEvent(lotId, 'BidPlaced', {
      bidId: `${maxBidId}:auto`,
      bidderId: bidder1,
      amountCents: 100_000,
      isFirstBid: true,
      placedAt: new Date().toISOString(),
      automatic: true,
    });
    await bid(lotId, bidder2, 150_000); // below the maximum: the proxy answers
    await lotEvent(lotId, 'BidPlaced', {
      bidId: randomUUID(),
      bidderId: bidder1,
      amountCents: 160_000,
      isFirstBid: false,
      placedAt: new Date().toISOString(),
      automatic: true,
    });
    await bid(lotId, bidder2, 250_000); // above it
    const [exceeded] = await notesOf('bidder1', lotId, 'MAX_EXCEEDED', 1);
    expect(exceeded!.title).toBe('Your maximum on Porsche 356 was exceeded');
    expect(exceeded!.body).toContain('USD 2,500.00');
    await processed();
    expect((await notes('bidder1')).notes.filter((note) => note.lotId === lotId).map((note) => note.kind)).toEqual(['MAX_EXCEEDED']);
    const [email] = await waitUntil(
      () => app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'max-bid-exceeded'),
      (found) => found.length >= 1,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(email!.subject).toBe('Trackside: your maximum bid on Porsche 356 was exceeded');
    expect(email!.text).not.toContain('2,000.00'); // the maximum itself is not repeated
    expect(email!.text).toContain('/notifications/unsubscribe/');
    // The bidder whose manual bid the proxy answered was outbid in the ordinary way.
    await notesOf('bidder2', lotId, 'OUTBID', 1);
    // The maximum is spent: bidding again by hand and being outbid is an ordinary outbid.
    await bid(lotId, bidder1, 260_000);
    await bid(lotId, bidder2, 270_000);
    await notesOf('bidder1', lotId, 'OUTBID', 1);
  });

  it('a war of maxima sends a bidder one "maximum exceeded" notice and email per lot per window, updated with the latest price', async () => {
    const lotId = await liveLot('Ferrari 250', 3 * 24 * 3_600_000);
    // Three rounds: bidder1 sets a new maximum, bidder2's bid passes it.
    for (const [round, maximumCents] of [300_000, 400_000, 500_000].entries()) {
      const maxBidId = randomUUID();
      await lotEvent(lotId, 'MaxBidSet', { maxBidId, bidderId: bidder1, maximumCents, setAt: new Date().toISOString() });
      await lotEvent(lotId, 'BidPlaced', {
        bidId: `${maxBidId}:auto`,
        bidderId: bidder1,
        amountCents: maximumCents - 50_000,
        isFirstBid: round === 0,
        placedAt: new Date().toISOString(),
        automatic: true,
      });
      await bid(lotId, bidder2, maximumCents + 10_000);
      await processed();
    }
    const [exceeded] = await notesOf('bidder1', lotId, 'MAX_EXCEEDED', 1);
    await processed();
    const mine = (await notes('bidder1')).notes.filter((note) => note.lotId === lotId);
    expect(mine.map((note) => note.kind)).toEqual(['MAX_EXCEEDED']);
    expect(mine[0]!.body).toContain('USD 5,100.00');
    expect(exceeded!.id).toBe(mine[0]!.id);
    const emails = await waitUntil(
      () => app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'max-bid-exceeded'),
      (found) => found.some((email) => email.subject.includes('Ferrari 250')),
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    await new Promise((done) => setTimeout(done, 300));
    const again = await app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'max-bid-exceeded');
    expect(again.filter((email) => email.subject.includes('Ferrari 250'))).toHaveLength(1);
    expect(emails.filter((email) => email.subject.includes('Ferrari 250'))).toHaveLength(1);
  });

  it('applies the email choice and the unsubscribe link to the outbid, won and lot-ended emails too', async () => {
    const viewer = { token: await token('bidder2') };
    await app.gql(`mutation { setNotificationPreference(kind: "OUTBID", email: false) { kind } }`, {}, viewer);
    try {
      const lotId = await liveLot('Mercedes 300SL', 3 * 24 * 3_600_000);
      const before = (await app.emailsTo(demoEmail('trackside', 'bidder2'), 'trackside', 'outbid')).length;
      await bid(lotId, bidder2, 100_000);
      await bid(lotId, bidder1, 110_000); // bidder2 is outbid: in the app only
      await bid(lotId, bidder2, 120_000); // bidder1 is outbid: emailed, with the link
      const toBidder1 = await waitUntil(
        () => app.emailsTo(demoEmail('trackside', 'bidder1'), 'trackside', 'outbid'),
        (found) => found.some((email) => email.subject.endsWith('Mercedes 300SL')),
        { timeoutMs: 10_000, intervalMs: 50 },
      );
      expect(toBidder1[0]!.text).toMatch(/Unsubscribe from these emails: http:\/\/web\.test\/notifications\/unsubscribe\/\S+/);
      await notesOf('bidder2', lotId, 'OUTBID', 1);
      expect(await app.emailsTo(demoEmail('trackside', 'bidder2'), 'trackside', 'outbid')).toHaveLength(before);
    } finally {
      await app.gql(`mutation { setNotificationPreference(kind: "OUTBID", email: true) { kind } }`, {}, viewer);
    }
  });

  it('reminds watchers and bidders 24 h and 1 h before the end (brand hours configurable), once each', async () => {
    const sweeper = app.service.app.get(EndingRemindersSweeper);
    const lotId = await liveLot('Shelby Cobra', 30 * 3_600_000, [bidder1]);
    await bid(lotId, bidder2, 800_000);
    await processed();
    expect(await sweeper.sweep()).toBe(0); // 30 h left: nothing due yet
    app.clock.advance(7 * 3_600_000); // 23 h left
    try {
      await sweeper.sweep();
      const [first] = await notesOf('bidder1', lotId, 'ENDING_SOON', 1);
      expect(first!.title).toBe('Shelby Cobra ends in 24 hours');
      await notesOf('bidder2', lotId, 'ENDING_SOON', 1);
      expect(await sweeper.sweep()).toBe(0); // the same reminder never twice
      app.clock.advance(22.5 * 3_600_000); // 30 min left
      expect(await sweeper.sweep()).toBe(2);
      const reminders = await notesOf('bidder1', lotId, 'ENDING_SOON', 2);
      expect(reminders.map((note) => note.title)).toEqual(['Shelby Cobra ends in 1 hour', 'Shelby Cobra ends in 24 hours']);
      const emails = await app.emailsTo(demoEmail('trackside', 'bidder2'), 'trackside', 'lot-ending-soon');
      expect(emails.map((email) => email.subject)).toEqual([
        'Trackside: Shelby Cobra ends in 1 hour',
        'Trackside: Shelby Cobra ends in 24 hours',
      ]);
      expect(emails[0]!.text).toContain('/notifications/unsubscribe/');
    } finally {
      app.clock.reset();
    }
  });

  it("follows a brand's own reminder hours from its auction configuration, and the default again once removed", async () => {
    const follower = app.service.app.get(BrandReminderHoursFollower);
    const sweeper = app.service.app.get(EndingRemindersSweeper);
    const configure = (hours?: number[]) =>
      store.append(
        'brand-trackside',
        [
          {
            type: 'BrandAuctionConfigured',
            data: { brand: 'trackside', bidMinimumIncrementCents: 100, ...(hours ? { endingReminderHours: hours } : {}) },
            metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
          },
        ],
        { expectedVersion: 'any' },
      );
    await configure([6]);
    await eventually(() => expect(follower.of('trackside')).toEqual([6]), { timeoutMs: 10_000, intervalMs: 25 });
    const lotId = await liveLot('Lancia Stratos', 10 * 3_600_000, [bidder1]);
    await processed();
    try {
      await sweeper.sweep(); // 10 h left: the default 24 h reminder would be due, the brand's 6 h one is not
      const early = (await notes('bidder1')).notes.filter((note) => note.lotId === lotId && note.kind === 'ENDING_SOON');
      expect(early).toEqual([]);
      app.clock.advance(5 * 3_600_000); // 5 h left
      await sweeper.sweep();
      const [reminder] = await notesOf('bidder1', lotId, 'ENDING_SOON', 1);
      expect(reminder!.title).toBe('Lancia Stratos ends in 6 hours');
    } finally {
      app.clock.reset();
      await configure();
    }
    await eventually(() => expect(follower.of('trackside')).toBeUndefined(), { timeoutMs: 10_000, intervalMs: 25 });
  });
});
