import { z } from 'zod';

/**
 * Promotion hold settings of the identity service, spread into its config schema
 * (docs/decisions.md "Promotion codes held per intent").
 */
export const promotionsConfigShape = {
  /** How long a payment intent keeps its promotion code before the code is usable by others again. */
  PROMOTION_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /** How often the in-process sweep frees expired holds (and cancels their still-UNPAID payments). */
  PROMOTION_HOLD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(20).max(3_600_000).default(60_000),
};
