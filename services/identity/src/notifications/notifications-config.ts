import { z } from 'zod';

/**
 * The notifications' settings (docs/notifications.md), spread into identity's config schema.
 * Ending reminders: hours before a LIVE lot's end, by default 24 and 1; a brand may have its own
 * list ("jewelry=48,2;demo=12").
 */
export const notificationsConfigShape = {
  NOTIFICATIONS_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  NOTIFICATION_REMINDER_HOURS: z.string().default('24,1'),
  NOTIFICATION_BRAND_REMINDER_HOURS: z.string().default(''),
  /** How often the ending reminders are looked for. */
  NOTIFICATION_REMINDER_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** A bidding war makes one outbid notification per bidder and lot per window; later outbids update it. */
  NOTIFICATION_OUTBID_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(5),
};

/** Parses a list of hours ("24,1"), largest first; invalid entries are dropped. */
export function parseReminderHours(value: string): number[] {
  const hours = value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((hour) => Number.isFinite(hour) && hour > 0 && hour <= 24 * 30);
  return [...new Set(hours)].sort((a, b) => b - a);
}

/** "brand=h,h;brand=h" into a map of reminder hours per brand. */
export function parseBrandReminderHours(value: string): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const entry of value.split(';')) {
    const [brand, hours] = entry.split('=');
    if (brand?.trim() && hours !== undefined) map.set(brand.trim(), parseReminderHours(hours));
  }
  return map;
}
