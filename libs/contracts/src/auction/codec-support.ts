/**
 * Shared pieces of the auction event codecs: the recorded event they accept (the event store's
 * RecordedEvent fits, and so does a `{ type, data }` from a test or a fixture) and lenient field
 * schemas. Defaults are chosen so an event written before a field existed reads as it meant then.
 */
import { z } from 'zod';

/** What a codec reads of a recorded event. `streamId`, `metadata` and `createdAt` fill fields older events lack. */
export interface RecordedLike {
  type: string;
  data: unknown;
  streamId?: string;
  createdAt?: Date | string;
  metadata?: { brand?: string; occurredAt?: string; [key: string]: unknown } | null;
}

export type Raw = Record<string, unknown>;

export const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The event's data as an object ({} when it is not one). */
export const dataOf = (recorded: RecordedLike): Raw => (isRecord(recorded.data) ? recorded.data : {});

/** When the fact happened, for events whose own instant is missing: the metadata's, else the insert time, else ''. */
export function recordedAt(recorded: RecordedLike): string {
  const occurred = recorded.metadata?.occurredAt;
  if (typeof occurred === 'string' && occurred) return occurred;
  if (recorded.createdAt instanceof Date) return recorded.createdAt.toISOString();
  return typeof recorded.createdAt === 'string' ? recorded.createdAt : '';
}

/** `data` with each named field defaulted to `value` when missing or null. */
export function withDefaults(data: Raw, fields: readonly string[], value: unknown): Raw {
  const out = { ...data };
  for (const field of fields) if (out[field] === undefined || out[field] === null) out[field] = value;
  return out;
}

/** Integer cents; numeric text (bigint columns, hand-written events) is accepted. */
export const cents = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
export const centsOr = (fallback: number) => cents.catch(fallback);
export const centsOrNull = cents.nullable().catch(null);
export const text = z.string();
export const textOr = (fallback: string) => z.string().catch(fallback);
export const textOrNull = z.string().nullable().catch(null);
export const flag = (fallback: boolean) => z.boolean().catch(fallback);
/** A free-form object the client supplied (data fields, images, address): kept as it is, {} when it is not an object. */
export const freeObject = z.record(z.string(), z.unknown()).catch({});
export const textList = z.array(z.string()).catch([]);

/** Parses with `schema`, or null when the data does not fit (a required field missing or of the wrong kind). */
export function parseOrNull<T>(schema: z.ZodType<T>, data: unknown): T | null {
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
