import { z } from 'zod';

/**
 * The one codec toolkit of the event language (docs/decisions.md "Event codecs and single rules";
 * the auction's lot, watchlist and comment codecs and the integration event decoders both build on
 * it, docs/decisions.md "Guards on the event language (issue 19 part 9)"). A decoder is the only code that looks inside `event.data`: it reads a recorded event of
 * any version and answers typed data, or null when the event is not one it knows or lacks what
 * identifies it (its ids). Every other field is tolerant: an older event without it, or a value of
 * the wrong type, reads as the field's default; fields it does not know are dropped.
 */

/**
 * What a decoder reads of a recorded event: the event store's `RecordedEvent` fits, and so does a
 * `{ type, data }` from a test or a fixture. `streamId`, `metadata` and `createdAt` fill fields
 * older events lack (the brand, the instant of the fact).
 */
export interface RecordedEventLike {
  type: string;
  data: unknown;
  streamId?: string;
  createdAt?: Date | string;
  metadata?: { brand?: string | null; occurredAt?: string; [key: string]: unknown } | null;
}

/** The auction codecs' name for the same shape. */
export type RecordedLike = RecordedEventLike;

/** A decoded event of a family: the type name and its typed data. */
export type DecodedEventOf<TSchemas extends Record<string, z.ZodType>> = {
  [K in keyof TSchemas & string]: { type: K; data: z.output<TSchemas[K]> };
}[keyof TSchemas & string];

/**
 * The event's data with its brand: events name their brand in the data, and readers fall back to
 * the metadata's brand (written by every appender) for events that did not.
 */
function withBrand(recorded: RecordedEventLike): Record<string, unknown> | null {
  const data: unknown = recorded.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const fields = Object.fromEntries(Object.entries(data));
  const brand = fields.brand;
  if (typeof brand === 'string' && brand !== '') return fields;
  const fallback = recorded.metadata?.brand;
  return typeof fallback === 'string' && fallback !== '' ? { ...fields, brand: fallback } : fields;
}

/** Decodes one event's data with a schema; null when the schema refuses it. */
export function decodeData<TSchema extends z.ZodType>(schema: TSchema, recorded: RecordedEventLike): z.output<TSchema> | null {
  const data = withBrand(recorded);
  if (data === null) return null;
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** A decoder of an event family: the schema picked by the event's type; null for another type. */
export function familyDecoder<TSchemas extends Record<string, z.ZodType>>(
  schemas: TSchemas,
): (recorded: RecordedEventLike) => DecodedEventOf<TSchemas> | null {
  const byType = new Map<string, z.ZodType>(Object.entries(schemas));
  return (recorded) => {
    const schema = byType.get(recorded.type);
    if (!schema) return null;
    const data: unknown = decodeData(schema, recorded);
    if (data === null) return null;
    // The map holds exactly the family's schemas, so the type and its data agree.
    return { type: recorded.type, data } as DecodedEventOf<TSchemas>;
  };
}

/** A decoder of a single event type: its data, or null for another type or a refused event. */
export function eventDecoder<TSchema extends z.ZodType>(
  type: string,
  schema: TSchema,
): (recorded: RecordedEventLike) => z.output<TSchema> | null {
  return (recorded) => (recorded.type === type ? decodeData(schema, recorded) : null);
}

/** Field readers: an id is required (the event is refused without it); the others fall back. */
export const field = {
  /** A non-empty string the event cannot be read without. */
  id: () => z.string().min(1),
  /** Text, '' (or the given default) when missing. */
  text: (fallback = '') => z.string().catch(fallback),
  /** Text or null; null when missing or not text. */
  optionalText: () => z.string().nullable().catch(null),
  /** One of the given words, else the fallback. */
  oneOf: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) => z.enum(values).catch(fallback),
  /** A whole number (cents, counts), the fallback when missing or not whole. */
  integer: (fallback = 0) => z.number().int().catch(fallback),
  /** Cents or null (an option that is off); null when missing or malformed. */
  optionalCents: () => z.number().int().nonnegative().nullable().catch(null),
  flag: (fallback = false) => z.boolean().catch(fallback),
};

// ---------------------------------------------------------------------------------------------
// Lenient pieces of the auction codecs (libs/contracts/src/auction/*.codec.ts): defaults are
// chosen so an event written before a field existed reads as it meant then.

export type Raw = Record<string, unknown>;

export const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The event's data as an object ({} when it is not one). */
export const dataOf = (recorded: RecordedLike): Raw => (isRecord(recorded.data) ? recorded.data : {});

/**
 * The event's data as a plain record ({} when it is not an object), for a read model that takes it
 * field by field with its own lenient readers (the SQL projections, the email digests). The typed
 * decoders are preferred; this is the one untyped look inside `event.data` outside the codecs, and
 * the lint guard forbids `<event>.data as …` everywhere else (docs/decisions.md "Guards on the
 * event language (issue 19 part 9)").
 */
export const eventDataRecord: (recorded: RecordedEventLike) => Record<string, unknown> = dataOf;

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
