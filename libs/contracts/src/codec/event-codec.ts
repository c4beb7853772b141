import { z } from 'zod';

/**
 * The shared machinery of the integration event decoders (docs/decisions.md "Event codecs and single
 * rules"). A decoder is the only code that looks inside `event.data`: it reads a recorded event of
 * any version and answers typed data, or null when the event is not one it knows or lacks what
 * identifies it (its ids). Every other field is tolerant: an older event without it, or a value of
 * the wrong type, reads as the field's default; fields it does not know are dropped.
 */

/** What a decoder reads of a recorded event (the event store's `RecordedEvent` fits). */
export interface RecordedEventLike {
  type: string;
  data: unknown;
  metadata?: { brand?: string | null } | null;
}

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
