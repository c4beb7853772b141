import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { updateRows } from '../common/sql-results';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { paymentError } from '../payments/card-errors';
import type { RedemptionState } from './entities/promotion-redemption.entity';
import type { PromotionEntity } from './entities/promotion.entity';

/** The payment fields a redemption follows. */
export interface HoldingPayment {
  id: string;
  userId: string;
  promotionId: string | null;
}

/** Why the sweep canceled a payment (its failure code). */
export const HOLD_EXPIRED_FAILURE = 'promotion_hold_expired';

/**
 * A promotion code taken by a payment: HELD while the payment is open (until `expires_at`), REDEEMED
 * once it is PAID or FREE, deleted when it is released. `promotions.times_redeemed` counts HELD and
 * REDEEMED rows and only moves below `max_redemptions` (a conditional UPDATE: the row lock makes
 * concurrent takers wait and see the new count); the unique index allows one row per user and code.
 * Every method runs inside the caller's transaction, the one that changes the payment
 * (docs/decisions.md "Promotion codes held per intent").
 */
@Injectable()
export class PromotionHolds {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Until when a code taken now is held. */
  expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.config.PROMOTION_HOLD_MINUTES * 60_000);
  }

  /** Takes the code for the payment: HELD for an open payment, REDEEMED at once for a FREE one. */
  async take(
    manager: EntityManager,
    promotion: PromotionEntity,
    payment: HoldingPayment,
    state: RedemptionState,
    now: Date,
  ): Promise<void> {
    const counted = updateRows<{ id: string }>(
      await manager.query(
        `UPDATE identity.promotions SET times_redeemed = times_redeemed + 1, updated_at = $2
          WHERE id = $1 AND active AND (max_redemptions IS NULL OR times_redeemed < max_redemptions)
          RETURNING id`,
        [promotion.id, now],
      ),
    );
    if (counted.length === 0) throw paymentError('promotion.redeemed');
    const inserted = await this.insert(manager, promotion.brand, promotion.id, payment, state, now);
    if (!inserted) throw paymentError('promotion.redeemed');
  }

  /**
   * Moves the payment's hold on to a fresh expiry (the payer is still paying: a repeated intent or
   * the confirmation, which must not lose its code to the sweep while the provider is called).
   * null when the payment holds no code any more (the sweep released it meanwhile).
   */
  async extend(manager: EntityManager, paymentId: string, now: Date): Promise<Date | null> {
    const rows = updateRows<{ expires_at: Date }>(
      await manager.query(
        `UPDATE identity.promotion_redemptions SET expires_at = $2 WHERE payment_id = $1 AND state = 'HELD' RETURNING expires_at`,
        [paymentId, this.expiryFrom(now)],
      ),
    );
    return rows[0]?.expires_at ?? null;
  }

  /** The payment is PAID: its hold becomes a redemption. A code released before a late success is taken again, past the limit (the payer paid the discounted price). */
  async redeem(manager: EntityManager, payment: HoldingPayment, brand: string, now: Date): Promise<void> {
    if (!payment.promotionId) return;
    const moved = updateRows<{ id: string }>(
      await manager.query(
        `UPDATE identity.promotion_redemptions SET state = 'REDEEMED', redeemed_at = $2, expires_at = NULL
          WHERE payment_id = $1 AND state = 'HELD' RETURNING id`,
        [payment.id, now],
      ),
    );
    if (moved.length > 0) return;
    const kept = await manager.query<unknown[]>(`SELECT 1 FROM identity.promotion_redemptions WHERE payment_id = $1`, [payment.id]);
    if (kept.length > 0) return;
    if (await this.insert(manager, brand, payment.promotionId, payment, 'REDEEMED', now))
      await manager.query(`UPDATE identity.promotions SET times_redeemed = times_redeemed + 1, updated_at = $2 WHERE id = $1`, [
        payment.promotionId,
        now,
      ]);
  }

  /** A payment that failed, was canceled or replaced gives its held code back. */
  async release(manager: EntityManager, paymentIds: string[], now: Date): Promise<number> {
    if (paymentIds.length === 0) return 0;
    const released = await manager.query<Array<{ released: number }>>(
      `WITH removed AS (
         DELETE FROM identity.promotion_redemptions WHERE payment_id = ANY($1::uuid[]) AND state = 'HELD' RETURNING promotion_id
       ), counts AS (
         SELECT promotion_id, count(*)::int AS n FROM removed GROUP BY promotion_id
       ), uncounted AS (
         UPDATE identity.promotions p SET times_redeemed = GREATEST(p.times_redeemed - counts.n, 0), updated_at = $2
           FROM counts WHERE p.id = counts.promotion_id RETURNING p.id
       )
       SELECT COALESCE(SUM(n), 0)::int AS released FROM counts`,
      [paymentIds, now],
    );
    return released[0]?.released ?? 0;
  }

  /** Until when the payment holds its code; null when it holds none (no code, redeemed or released). */
  async heldUntil(paymentId: string): Promise<Date | null> {
    const rows = await this.db.query<Array<{ expires_at: Date }>>(
      `SELECT expires_at FROM identity.promotion_redemptions WHERE payment_id = $1 AND state = 'HELD'`,
      [paymentId],
    );
    return rows[0]?.expires_at ?? null;
  }

  /**
   * One batch of the sweep: expired holds of still-UNPAID payments are released and those payments
   * canceled, in one transaction. Rows another transaction holds (a confirmation extending its
   * hold, a status change) are skipped and looked at again next time. Holds of payments already at
   * the provider (REQUIRES_ACTION, PENDING) stay until the provider's final answer.
   */
  async sweepExpired(now: Date, batch: number): Promise<number> {
    return this.db.transaction(async (manager) => {
      const expired = await manager.query<Array<{ payment_id: string }>>(
        `SELECT r.payment_id FROM identity.promotion_redemptions r JOIN identity.payments p ON p.id = r.payment_id
          WHERE r.state = 'HELD' AND r.expires_at <= $1 AND p.status = 'UNPAID'
          ORDER BY r.expires_at LIMIT $2 FOR UPDATE OF r, p SKIP LOCKED`,
        [now, batch],
      );
      const ids = expired.map((row) => row.payment_id);
      if (ids.length === 0) return 0;
      await manager.query(
        `UPDATE identity.payments SET status = 'CANCELED', failure_code = $3, updated_at = $2 WHERE id = ANY($1::uuid[]) AND status = 'UNPAID'`,
        [ids, now, HOLD_EXPIRED_FAILURE],
      );
      return this.release(manager, ids, now);
    });
  }

  private async insert(
    manager: EntityManager,
    brand: string,
    promotionId: string,
    payment: HoldingPayment,
    state: RedemptionState,
    now: Date,
  ): Promise<boolean> {
    const inserted = await manager.query<Array<{ id: string }>>(
      `INSERT INTO identity.promotion_redemptions (id, brand, promotion_id, user_id, payment_id, state, held_at, expires_at, redeemed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (promotion_id, user_id) DO NOTHING RETURNING id`,
      [
        randomUUID(),
        brand,
        promotionId,
        payment.userId,
        payment.id,
        state,
        now,
        state === 'HELD' ? this.expiryFrom(now) : null,
        state === 'REDEEMED' ? now : null,
      ],
    );
    return inserted.length > 0;
  }
}
