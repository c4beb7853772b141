import type { PaymentEntity } from '../entities/payment.entity';

const SETTLED = ['PAID', 'FREE'];

/** When the payment was paid: the recorded instant, else (rows paid before it was recorded) its last update; null until PAID or FREE. */
export function paidAtOf(row: Pick<PaymentEntity, 'status' | 'paidAt' | 'updatedAt'>): Date | null {
  if (!SETTLED.includes(row.status)) return null;
  return row.paidAt ?? row.updatedAt;
}

/** `TS-<yyyymmdd of payment>-<first 8 of the id, upper case>`: short enough to read out, unique enough with the date. */
export function receiptNumberOf(row: Pick<PaymentEntity, 'id' | 'status' | 'paidAt' | 'updatedAt'>): string | null {
  const paidAt = paidAtOf(row);
  if (!paidAt) return null;
  const day = paidAt.toISOString().slice(0, 10).replace(/-/g, '');
  return `TS-${day}-${row.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/**
 * The end of the period a MONTHLY or YEARLY payment paid for: one calendar month or year after it
 * was paid in UTC, a day the target month lacks becoming its last day (the catalogue counts plan
 * periods the same way; a renewal paid early extends the entry's plan from its current end, which
 * the entry itself shows). Null for other payment types and unpaid ones.
 */
export function periodEndOf(row: Pick<PaymentEntity, 'paymentType' | 'status' | 'paidAt' | 'updatedAt'>): Date | null {
  const paidAt = paidAtOf(row);
  if (!paidAt || (row.paymentType !== 'MONTHLY' && row.paymentType !== 'YEARLY')) return null;
  const target = new Date(paidAt.getTime());
  const day = paidAt.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + (row.paymentType === 'MONTHLY' ? 1 : 12));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}
