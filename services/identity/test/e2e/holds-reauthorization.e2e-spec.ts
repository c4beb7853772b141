import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { eventDataRecord, PAYMENT_HOLD_EVENTS, paymentHoldStreamId } from '@trackside/contracts';
import { demoUserId } from '../../src/demo/demo-users';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import { HoldReauthorizationSweeper } from '../../src/payments/hold-reauthorization.sweeper';
import { PaymentProviders } from '../../src/payments/payment-providers.registry';
import { IdentityTestApp } from '../support/identity-test-app';
import { CARDS, demoToken, sellerLot } from '../support/payments-support';

/**
 * Issue 17 follow-up: a bid hold kept AUTHORIZED is authorised again before the card authorisation
 * lapses (about 7 days). The test clock moves past PAYMENT_HOLD_REAUTHORIZE_AFTER_HOURS (144); the
 * sandbox provider renews the authorisation or refuses it.
 */

interface HoldRow {
  provider_ref: string;
  hold_state: string;
  failure_code: string | null;
  hold_authorized_at: Date;
}

describe('bid holds re-authorised before the card authorisation lapses (e2e, sandbox, test clock)', () => {
  let app: IdentityTestApp;

  beforeAll(async () => {
    // The timer is slow here: the test runs the sweep itself after moving the clock.
    app = await IdentityTestApp.create({ env: { PAYMENT_HOLD_REAUTHORIZE_INTERVAL_MS: '3600000' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const sandbox = () => app.service.app.get(PaymentProviders).sandbox!;
  const sweep = () => app.service.app.get(HoldReauthorizationSweeper).sweep();
  const row = async (id: string): Promise<HoldRow> =>
    ((await app.service.app.get(DataSource).query(`SELECT * FROM identity.payments WHERE id = $1`, [id])) as HoldRow[])[0];
  const holdEvents = async (lotId: string, role: string) =>
    (await app.service.app.get(IdentityEventStore).store.readStream(paymentHoldStreamId(lotId, demoUserId('trackside', role)))).map(
      (event) => ({ type: event.type, data: eventDataRecord(event) }),
    );

  async function placeHold(role: string): Promise<{ lotId: string; paymentId: string }> {
    const lotId = await sellerLot(app);
    const token = await demoToken(app, role);
    const answer = await app.rest(
      'POST',
      '/payment/confirm-payment',
      { itemId: lotId, itemType: 'BID', paymentType: 'HOLD', hasAgreedToTerms: true, sourceId: CARDS.visa },
      { token },
    );
    expect(answer.body).toMatchObject({ status: 'PAID' });
    return { lotId, paymentId: answer.body.id as string };
  }

  it('renews a hold authorised more than 144 hours ago: new ref recorded, old authorisation cancelled, event once', async () => {
    const { lotId, paymentId } = await placeHold('bidder1');
    const before = await row(paymentId);
    expect(before.hold_state).toBe('AUTHORIZED');
    app.clock.advance(143 * 3_600_000);
    await sweep();
    expect((await row(paymentId)).provider_ref).toBe(before.provider_ref); // not due yet

    app.clock.advance(2 * 3_600_000);
    await sweep();
    const after = await row(paymentId);
    expect(after.hold_state).toBe('AUTHORIZED');
    expect(after.provider_ref).not.toBe(before.provider_ref);
    expect(after.hold_authorized_at.getTime()).toBeGreaterThan(before.hold_authorized_at.getTime());
    expect(sandbox().intentStatus(before.provider_ref)).toBe('CANCELED');
    expect(sandbox().intentStatus(after.provider_ref)).toBe('AUTHORIZED');
    const renewed = (await holdEvents(lotId, 'bidder1')).filter((event) => event.type === PAYMENT_HOLD_EVENTS.reauthorized);
    expect(renewed.map((event) => event.data)).toEqual([expect.objectContaining({ paymentId, providerRef: after.provider_ref })]);

    // Freshly renewed: the next sweep leaves it alone.
    await sweep();
    expect((await row(paymentId)).provider_ref).toBe(after.provider_ref);
  });

  it('marks a hold whose renewal the provider refuses REAUTH_FAILED, appends the failure event once and keeps the old ref', async () => {
    const { lotId, paymentId } = await placeHold('bidder2');
    const before = await row(paymentId);
    sandbox().refuseReauthorization.add(before.provider_ref);
    app.clock.advance(145 * 3_600_000);
    await sweep();
    await sweep();
    expect(await row(paymentId)).toMatchObject({
      hold_state: 'REAUTH_FAILED',
      failure_code: 'reauth_card_declined',
      provider_ref: before.provider_ref,
    });
    const failed = (await holdEvents(lotId, 'bidder2')).filter((event) => event.type === PAYMENT_HOLD_EVENTS.reauthorizationFailed);
    expect(failed.map((event) => event.data)).toEqual([expect.objectContaining({ paymentId, reason: 'card_declined' })]);
  });
});
