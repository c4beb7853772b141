import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER_EMAIL_REQUESTED } from '@trackside/contracts';
import { AuctionTestApp, makeUser, type GqlResult } from '../support/auction-test-app';

const EMAIL = `mutation($input: EmailSellerInput) { emailSeller(input: $input) { success message } }`;

/**
 * "Email the seller" records the message and its SellerEmailRequested in one transaction
 * (docs/decisions.md "Integration events commit with their state change"). Before, the row was
 * committed first and removed again if the append failed; a process that died between the two
 * (here: the append fails and so does the removal) left a message nobody would ever deliver.
 */
describe('email the seller: the message and its event commit together', () => {
  let app: AuctionTestApp;
  let pool: pg.Pool;

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

  async function ok<T>(result: Promise<GqlResult<T>>): Promise<T> {
    const answer = await result;
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  }

  const counts = async (lotId: string): Promise<{ rows: number; events: number }> => {
    const rows = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM auction.email_outbox WHERE lot_id = $1', [lotId]);
    const events = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM eventstore.events WHERE type = $1 AND data->>'lotId' = $2`,
      [SELLER_EMAIL_REQUESTED, lotId],
    );
    return { rows: rows.rows[0]!.n, events: events.rows[0]!.n };
  };

  it('a send that dies after the row leaves neither the row nor the event; the retry writes both once', async () => {
    const seller = makeUser('trackside', { name: 'seller' });
    const staff = makeUser('trackside', { name: 'staff', staff: true });
    const alice = makeUser('trackside', { name: 'alice' });
    const created = await ok(
      app.gql<{ createAuction: { auction: { id: string } } }>(
        `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
        {
          data: {
            title: 'Lancia Stratos',
            sellerType: 'Private',
            userDescription: 'One owner.',
            reserve: 0,
            address: { country: 'US' },
            contactInfo: { name: 'Sam Seller', email: 'sam.seller@example.test' },
            hasAgreedToTerms: true,
            packageId: 'basic',
          },
        },
        { token: seller.token },
      ),
    );
    const lotId = created.createAuction.auction.id;
    await ok(
      app.gql(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id: lotId }, { token: staff.token }),
    );
    const send = () =>
      app.gql(EMAIL, { input: { auctionId: lotId, subject: 'Question', body: 'Is it original?' } }, { token: alice.token });

    await pool.query(`CREATE FUNCTION public.die() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'process died between the message and its event'; END $$`);
    await pool.query(`CREATE TRIGGER die_on_event BEFORE INSERT ON eventstore.events FOR EACH ROW
      WHEN (NEW.type = '${SELLER_EMAIL_REQUESTED}') EXECUTE FUNCTION public.die()`);
    // A dead process runs no clean-up either.
    await pool.query(`CREATE TRIGGER die_on_cleanup BEFORE DELETE ON auction.email_outbox FOR EACH ROW EXECUTE FUNCTION public.die()`);
    try {
      expect((await send()).errors).toBeDefined();
    } finally {
      await pool.query('DROP TRIGGER die_on_event ON eventstore.events');
      await pool.query('DROP TRIGGER die_on_cleanup ON auction.email_outbox');
      await pool.query('DROP FUNCTION public.die()');
    }
    expect(await counts(lotId)).toEqual({ rows: 0, events: 0 });

    expect((await send()).errors).toBeUndefined();
    expect(await counts(lotId)).toEqual({ rows: 1, events: 1 });
  });
});
