import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_EVENTS, PAYMENT_FAILED_EVENTS, directoryStreamId, paymentFailedStreamId } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import { demoEmail, demoUserId } from '@trackside/identity-service';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import { PaymentFailedEvents } from '../../src/payments/payment-failed.publisher';
import { IdentityTestApp, type EmailMessage } from '../support/identity-test-app';
import { waitUntil } from '@trackside/testing';

/**
 * Directory owners' emails about their Featured plan (issue 17) from the catalogue's events on
 * directory-<id>, appended exactly as the catalogue's subscriptions service writes them: a renewal
 * (not a first payment), a failed renewal and the end of the plan. Also identity's PaymentFailed
 * announcement, written once per payment.
 */
describe('directory subscription emails and PaymentFailed (e2e, event store, PostgreSQL)', () => {
  let app: IdentityTestApp;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  const seller = demoUserId('trackside', 'seller');

  beforeAll(async () => {
    app = await IdentityTestApp.create();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await app?.close();
  });

  async function append(directoryId: string, type: string, data: Record<string, unknown>): Promise<void> {
    await store.append(
      directoryStreamId(directoryId),
      [
        {
          type,
          data: { directoryId, brand: 'trackside', ...data },
          metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );
  }

  async function emails(template: string, count: number): Promise<EmailMessage[]> {
    return waitUntil(
      () => app.emailsTo(demoEmail('trackside', 'seller'), 'trackside', template),
      (found) => found.length >= count,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
  }

  it('emails the owner on a renewal, a failed renewal and the end, and nothing for a first payment or another brand', async () => {
    const id = randomUUID();
    const base = { userId: seller, name: 'Laguna Ridge Raceway', periodEnd: '2026-12-26T10:00:00.000Z' };
    await append(id, DIRECTORY_EVENTS.subscriptionRenewed, { ...base, paymentId: randomUUID(), renewal: false, paymentType: 'MONTHLY' });
    await append(id, DIRECTORY_EVENTS.subscriptionRenewed, {
      ...base,
      periodEnd: '2027-01-26T10:00:00.000Z',
      paymentId: randomUUID(),
      renewal: true,
      paymentType: 'MONTHLY',
    });
    const [renewed] = await emails('directory-plan-renewed', 1);
    expect(renewed).toMatchObject({ subject: 'Trackside: your Featured plan for Laguna Ridge Raceway is renewed', status: 'captured' });
    expect(renewed!.text).toContain('now runs until 26 Jan 2027');
    expect(renewed!.text).toContain('http://web.test/directory/update');

    await append(id, DIRECTORY_EVENTS.subscriptionPastDue, { ...base, paymentId: randomUUID(), reason: 'Card declined' });
    const [pastDue] = await emails('directory-plan-past-due', 1);
    expect(pastDue!.subject).toBe('Trackside: the renewal of your Featured plan for Laguna Ridge Raceway failed');
    expect(pastDue!.text).toContain('(Card declined)');
    expect(pastDue!.text).toContain('The plan stays active until 26 Dec 2026.');

    // The trackside seller's id on a jewelry entry: not their brand, no email.
    await store.append(
      directoryStreamId(randomUUID()),
      [
        {
          type: DIRECTORY_EVENTS.subscriptionEnded,
          data: { ...base, directoryId: randomUUID(), brand: 'jewelry', reason: 'canceled' },
          metadata: { brand: 'jewelry', occurredAt: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );
    await append(id, DIRECTORY_EVENTS.subscriptionEnded, { ...base, reason: 'canceled' });
    const ended = await emails('directory-plan-ended', 1);
    expect(ended).toHaveLength(1);
    expect(ended[0]!.subject).toBe('Trackside: the Featured plan for Laguna Ridge Raceway has ended');
    expect(ended[0]!.text).toContain('ended on 26 Dec 2026, as you cancelled it');
    // The first payment's notice sent nothing (its receipt is the payment's own email).
    expect(await app.emailsTo(demoEmail('trackside', 'seller'), 'trackside', 'directory-plan-renewed')).toHaveLength(1);
  });

  it('announces a failed payment once on payment-failed-<id>, and nothing for holds or payments that did not fail', async () => {
    const publisher = new PaymentFailedEvents(app.service.app.get(IdentityEventStore));
    const payment = {
      id: randomUUID(),
      brand: 'trackside',
      userId: seller,
      itemType: 'DIRECTORY',
      itemId: randomUUID(),
      packageId: randomUUID(),
      paymentType: 'MONTHLY',
      status: 'FAILED_PAYMENT',
      amountCents: 2_900,
      currency: 'USD',
      provider: 'STRIPE',
    };
    const now = new Date('2026-11-26T10:00:00.000Z');
    await publisher.failed(payment, 'Card declined', now);
    await publisher.failed(payment, 'Card declined', now);
    const events = await store.readStream(paymentFailedStreamId(payment.id));
    expect(events.map((event) => event.type)).toEqual([PAYMENT_FAILED_EVENTS.failed]);
    expect(events[0]!.data).toEqual({
      paymentId: payment.id,
      itemType: 'DIRECTORY',
      itemId: payment.itemId,
      brand: 'trackside',
      userId: seller,
      packageId: payment.packageId,
      paymentType: 'MONTHLY',
      status: 'FAILED_PAYMENT',
      amountCents: 2_900,
      currency: 'USD',
      provider: 'STRIPE',
      reason: 'Card declined',
      failedAt: now.toISOString(),
    });
    const hold = { ...payment, id: randomUUID(), paymentType: 'HOLD' };
    const paid = { ...payment, id: randomUUID(), status: 'PAID' };
    await publisher.failed(hold, null, now);
    await publisher.failed(paid, null, now);
    expect(await store.readStream(paymentFailedStreamId(hold.id))).toEqual([]);
    expect(await store.readStream(paymentFailedStreamId(paid.id))).toEqual([]);
  });
});
