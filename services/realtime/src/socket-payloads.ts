import { z } from 'zod';

/** Client payloads of spec 001 section 4, parsed with zod (a refused payload is a failure ack, never a throw). */
const LOT_ID = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid lot id');

export const lotRef = z.union([LOT_ID, z.object({ auctionId: LOT_ID }), z.object({ id: LOT_ID }), z.object({ auction: LOT_ID })]);

export const bidPayload = z
  .object({
    auctionId: LOT_ID.optional(),
    auction: LOT_ID.optional(),
    amount: z.union([z.number(), z.string().max(32)]),
    bidId: z.string().uuid().optional(),
    id: z.string().uuid().optional(),
  })
  .refine((value) => value.auctionId ?? value.auction, 'auctionId is required');

const lotIdOf = (value: z.infer<typeof lotRef>): string =>
  typeof value === 'string' ? value : 'auctionId' in value ? value.auctionId : 'id' in value ? value.id : value.auction;

/** The lot a join, leave or getAuction names, or null when the payload names none. */
export function parseLotRef(payload: unknown): string | null {
  const parsed = lotRef.safeParse(payload);
  return parsed.success ? lotIdOf(parsed.data) : null;
}

export interface ParsedBid {
  auctionId: string;
  amount: number;
  bidId?: string;
}

/** A bid payload as the command takes it (amount as a number, "1,250.50" accepted), or null when malformed. */
export function parseBid(payload: unknown): ParsedBid | null {
  const parsed = bidPayload.safeParse(payload);
  if (!parsed.success) return null;
  const { amount } = parsed.data;
  const numeric = typeof amount === 'number' ? amount : Number(amount.replace(/,/g, ''));
  if (!Number.isFinite(numeric)) return null;
  return { auctionId: (parsed.data.auctionId ?? parsed.data.auction)!, amount: numeric, bidId: parsed.data.bidId ?? parsed.data.id };
}
