import type { LotState } from '../domain';

/** The part of the lot command handler a bid's first look needs (libs/event-store CommandHandler). */
export interface LotStateSource {
  cached(streamId: string): { state: LotState; version: number } | undefined;
  load(streamId: string): Promise<{ state: LotState; version: number }>;
}

/**
 * The lot a bid is first checked against (does it exist for this brand, whose settings apply).
 * `load` waits for the lot's command queue and reads the stream's tail: on a hot lot that was one
 * PostgreSQL round trip per bid, serialised behind the lot's appends (issue 20, docs/benchmarks.md).
 * The cached state answers when the bid comes from the lot's owner brand: a lot's existence and its
 * owner brand never change once created, so a cache that is behind the stream still answers right,
 * and everything that can change (status, amounts, holds) is decided by the command itself, whose
 * append checks the expected version. A network brand's visibility can change (share, unshare,
 * accept, decline), as can a lot not cached or not there yet: those still load.
 */
export async function lotForBid(lots: LotStateSource, streamId: string, brand: string): Promise<{ state: LotState; version: number }> {
  const cached = lots.cached(streamId);
  if (cached && cached.state.status !== 'Empty' && cached.state.brand === brand) return cached;
  return lots.load(streamId);
}
