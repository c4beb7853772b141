import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { LOT_EVENTS, lotStreamId, PAYMENT_HOLD_EVENTS, paymentHoldStreamId } from '@trackside/contracts';
import type { RecordedEvent } from '@trackside/event-store';
import { demoUserId } from '../../src/demo/demo-users';
import { PaymentEntity } from '../../src/payments/entities/payment.entity';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import { HoldReauthorizationSweeper } from '../../src/payments/hold-reauthorization.sweeper';
import { LotEndHoldsProcessor } from '../../src/payments/lot-end-holds.processor';
import { PaymentStatusChanges } from '../../src/payments/payment-status-changes.service';
import { IdentityTestApp } from '../support/identity-test-app';
import { CARDS, demoToken, sellerLot } from '../support/payments-support';

interface HoldRow {
  status: string;
  provider_ref: string;
  hold_state: string | null;
}

/**
 * A payment's status change and its integration event commit together (docs/decisions.md
 * "Integration events commit with their state change"). A trigger that refuses one event type
 * stands for the process dying between the two former steps (row committed, append not yet made):
 * the row must then be left as it was, and the retry must write the event exactly once.
 */
describe('payment events commit with the payment change (a crash between the two)', () => {
  let app: IdentityTestApp;
  let db: DataSource;

  beforeAll(async () => {
    // The re-authorisation timer is slow here: the test runs the sweep itself after moving the clock.
    app = await IdentityTestApp.create({ env: { PAYMENT_HOLD_REAUTHORIZE_INTERVAL_MS: '3600000' } });
    db = app.service.app.get(DataSource);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Runs `work` while appending events of `type` fails; the failure is what `work` answers or throws. */
  async function dyingBefore(type: string, work: () => Promise<unknown>): Promise<void> {
    await db.query(`CREATE FUNCTION public.die_before_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.type = '${type}' THEN RAISE EXCEPTION 'process died before the event of the change'; END IF;
        RETURN NEW;
      END $$`);
    await db.query(
      `CREATE TRIGGER die_before_event BEFORE INSERT ON eventstore.events FOR EACH ROW EXECUTE FUNCTION public.die_before_event()`,
    );
    try {
      await work().catch(() => undefined);
    } finally {
      await db.query('DROP TRIGGER die_before_event ON eventstore.events');
      await db.query('DROP FUNCTION public.die_before_event()');
    }
  }

  const row = async (id: string): Promise<HoldRow> =>
    ((await db.query(`SELECT status, provider_ref, hold_state FROM identity.payments WHERE id = $1`, [id])) as HoldRow[])[0]!;
  const holdEvents = async (lotId: string, role: string, type: string) =>
    (await app.service.app.get(IdentityEventStore).store.readStream(paymentHoldStreamId(lotId, demoUserId('trackside', role)))).filter(
      (event) => event.type === type,
    );
  const confirmHold = async (lotId: string, token: string) =>
    app.rest(
      'POST',
      '/payment/confirm-payment',
      { itemId: lotId, itemType: 'BID', paymentType: 'HOLD', hasAgreedToTerms: true, sourceId: CARDS.visa },
      { token },
    );

  it('a hold whose PaymentHoldPlaced is lost is not PAID; the retried confirmation makes it PAID with the event once', async () => {
    const lotId = await sellerLot(app);
    const token = await demoToken(app, 'bidder1');
    await dyingBefore(PAYMENT_HOLD_EVENTS.placed, () => confirmHold(lotId, token));
    const [payment] = (await db.query(`SELECT id FROM identity.payments WHERE item_id = $1`, [lotId])) as Array<{ id: string }>;
    expect((await row(payment!.id)).status).not.toBe('PAID');
    expect(await holdEvents(lotId, 'bidder1', PAYMENT_HOLD_EVENTS.placed)).toHaveLength(0);

    expect((await confirmHold(lotId, token)).body).toMatchObject({ status: 'PAID' });
    expect((await confirmHold(lotId, token)).body).toMatchObject({ status: 'PAID' }); // a double submission
    expect(await row(payment!.id)).toMatchObject({ status: 'PAID', hold_state: 'AUTHORIZED' });
    expect(await holdEvents(lotId, 'bidder1', PAYMENT_HOLD_EVENTS.placed)).toHaveLength(1);
  });

  it('a release whose PaymentHoldReleased is lost leaves the hold authorised; the retry releases it with the event once', async () => {
    const lotId = await sellerLot(app);
    const answer = await confirmHold(lotId, await demoToken(app, 'bidder2'));
    const payments = app.service.app.get(PaymentStatusChanges);
    const hold = () => db.getRepository(PaymentEntity).findOneByOrFail({ id: answer.body.id as string });
    await dyingBefore(PAYMENT_HOLD_EVENTS.released, async () => payments.cancel(await hold(), 'OUTBID'));
    expect(await row(answer.body.id as string)).toMatchObject({ status: 'PAID', hold_state: 'AUTHORIZED' });
    expect(await holdEvents(lotId, 'bidder2', PAYMENT_HOLD_EVENTS.released)).toHaveLength(0);

    await payments.cancel(await hold(), 'OUTBID');
    await payments.cancel(await hold(), 'OUTBID'); // already canceled: nothing more
    expect(await row(answer.body.id as string)).toMatchObject({ status: 'CANCELED', hold_state: 'RELEASED' });
    expect(await holdEvents(lotId, 'bidder2', PAYMENT_HOLD_EVENTS.released)).toHaveLength(1);
  });

  it("a lot end whose PaymentHoldCaptured is lost leaves the winner's hold authorised; the retried batch captures it with the event once", async () => {
    const lotId = await sellerLot(app);
    const answer = await confirmHold(lotId, await demoToken(app, 'bidder1'));
    const paymentId = answer.body.id as string;
    const ended: RecordedEvent = {
      eventId: randomUUID(),
      streamId: lotStreamId(lotId),
      version: 2,
      globalPosition: '0',
      checkpoint: '',
      type: LOT_EVENTS.ended,
      data: {
        status: 'SOLD',
        finalPriceCents: 500_000,
        winnerId: demoUserId('trackside', 'bidder1'),
        endedAt: app.clock.now().toISOString(),
      },
      metadata: { brand: 'trackside', occurredAt: app.clock.now().toISOString() },
      createdAt: app.clock.now(),
    };
    // The batch as the host hands it over (and hands it over again after a failure); its tx is unused.
    const { processor } = app.service.app.get(LotEndHoldsProcessor);
    const handle = () => Promise.resolve(processor.handle([ended], undefined as never));
    await dyingBefore(PAYMENT_HOLD_EVENTS.captured, handle);
    expect(await row(paymentId)).toMatchObject({ status: 'PAID', hold_state: 'AUTHORIZED' });
    expect(await holdEvents(lotId, 'bidder1', PAYMENT_HOLD_EVENTS.captured)).toHaveLength(0);

    await handle();
    await handle(); // a batch delivered again: the hold is captured already
    expect(await row(paymentId)).toMatchObject({ status: 'PAID', hold_state: 'CAPTURED' });
    const captured = await holdEvents(lotId, 'bidder1', PAYMENT_HOLD_EVENTS.captured);
    expect(captured.map((event) => event.data)).toEqual([expect.objectContaining({ paymentId })]);
  });

  it('a re-authorisation whose event is lost keeps the old ref; the next sweep records the same new one with the event once', async () => {
    const lotId = await sellerLot(app);
    const answer = await confirmHold(lotId, await demoToken(app, 'bidder3'));
    const paymentId = answer.body.id as string;
    const oldRef = (await row(paymentId)).provider_ref;
    const sweep = () => app.service.app.get(HoldReauthorizationSweeper).sweep();
    // Only this hold comes due (the earlier tests' holds are made fresh).
    await db.query(`UPDATE identity.payments SET hold_authorized_at = $2 WHERE id <> $1 AND hold_state = 'AUTHORIZED'`, [
      paymentId,
      new Date(app.clock.now().getTime() + 1000 * 3_600_000),
    ]);
    app.clock.advance(145 * 3_600_000);
    await dyingBefore(PAYMENT_HOLD_EVENTS.reauthorized, sweep);
    expect((await row(paymentId)).provider_ref).toBe(oldRef);
    expect(await holdEvents(lotId, 'bidder3', PAYMENT_HOLD_EVENTS.reauthorized)).toHaveLength(0);

    await sweep();
    await sweep(); // freshly renewed: nothing more
    const renewed = (await row(paymentId)).provider_ref;
    expect(renewed).not.toBe(oldRef);
    const events = await holdEvents(lotId, 'bidder3', PAYMENT_HOLD_EVENTS.reauthorized);
    expect(events.map((event) => event.data)).toEqual([expect.objectContaining({ paymentId, providerRef: renewed })]);
  });
});
