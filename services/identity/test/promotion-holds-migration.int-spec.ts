import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { IDENTITY_MIGRATIONS } from '../src/migrations';
import { PromotionHolds1764420000000 } from '../src/migrations/1764420000000-promotion-holds';

/** Runs the identity migrations before (or up to the end of) the promotion holds migration. */
async function migrate(url: string, migrations: Array<new () => unknown>): Promise<void> {
  const dataSource = new DataSource({ type: 'postgres', url, schema: 'identity', migrations, migrationsTableName: 'migrations' });
  await dataSource.initialize();
  try {
    await dataSource.query('CREATE SCHEMA IF NOT EXISTS identity');
    await dataSource.runMigrations({ transaction: 'all' });
  } finally {
    await dataSource.destroy();
  }
}

/** Redemptions written before holds existed: finished payments keep their code, unfinished ones give it back at the first sweep. */
describe('promotion holds migration (PostgreSQL)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('identity_promotion_holds');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('marks redemptions of PAID or FREE payments REDEEMED and the others HELD and already expired', async () => {
    await migrate(database.url, IDENTITY_MIGRATIONS.slice(0, IDENTITY_MIGRATIONS.indexOf(PromotionHolds1764420000000)));
    const db = new DataSource({ type: 'postgres', url: database.url });
    await db.initialize();
    try {
      const promotionId = randomUUID();
      const redeemedAt = new Date('2026-01-02T03:04:05.000Z');
      const rows: Array<{ status: string; paymentId: string }> = [];
      for (const status of ['PAID', 'FREE', 'UNPAID', 'REQUIRES_ACTION']) {
        const paymentId = randomUUID();
        const userId = randomUUID();
        rows.push({ status, paymentId });
        await db.query(
          `INSERT INTO identity.payments (id, brand, user_id, item_type, item_id, package_id, payment_type, provider, adapter, status,
             amount_cents, list_price_cents, currency, promotion_id, idempotency_key, attempt, created_at, updated_at)
           VALUES ($1, 'trackside', $2, 'LISTING', $3, 'listing-featured', 'ONE_TIME', 'SQUARE', 'sandbox', $4, 3920, 4900, 'USD', $5, $6, 1, $7, $7)`,
          [paymentId, userId, randomUUID(), status, promotionId, `pay:${paymentId}`, redeemedAt],
        );
        await db.query(
          `INSERT INTO identity.promotion_redemptions (id, brand, promotion_id, user_id, payment_id, redeemed_at)
           VALUES ($1, 'trackside', $2, $3, $4, $5)`,
          [randomUUID(), promotionId, userId, paymentId, redeemedAt],
        );
      }

      await migrate(database.url, IDENTITY_MIGRATIONS);
      const after = await db.query<
        Array<{ payment_id: string; state: string; held_at: Date; expires_at: Date | null; redeemed_at: Date | null }>
      >(`SELECT payment_id, state, held_at, expires_at, redeemed_at FROM identity.promotion_redemptions`);
      const byStatus = (status: string) => after.find((row) => row.payment_id === rows.find((item) => item.status === status)!.paymentId)!;
      for (const status of ['PAID', 'FREE'])
        expect(byStatus(status)).toMatchObject({ state: 'REDEEMED', held_at: redeemedAt, expires_at: null, redeemed_at: redeemedAt });
      for (const status of ['UNPAID', 'REQUIRES_ACTION']) {
        const row = byStatus(status);
        expect(row).toMatchObject({ state: 'HELD', held_at: redeemedAt, redeemed_at: null });
        expect(row.expires_at!.getTime()).toBeLessThanOrEqual(Date.now());
      }
    } finally {
      await db.destroy();
    }
  });
});
