import { describe, expect, it, vi } from 'vitest';
import type { LotState } from '../domain';
import { lotForBid, type LotStateSource } from './bid-lot-lookup';

/** Only the fields lotForBid reads; the rest of a lot does not matter here. */
const lotOf = (brand: string) => ({ status: 'LIVE', brand }) as unknown as LotState;

function source(cached: { state: LotState; version: number } | undefined): LotStateSource & { load: ReturnType<typeof vi.fn> } {
  return { cached: () => cached, load: vi.fn(async () => ({ state: lotOf('fresh'), version: 9 })) };
}

describe('lotForBid', () => {
  it('answers from the cache, without loading, when the bid comes from the lot owner brand', async () => {
    const lots = source({ state: lotOf('trackside'), version: 3 });
    expect(await lotForBid(lots, 'lot-1', 'trackside')).toEqual({ state: lotOf('trackside'), version: 3 });
    expect(lots.load).not.toHaveBeenCalled();
  });

  it('loads when the lot is not cached, not created, or the bid comes from another brand (network visibility can change)', async () => {
    for (const cached of [undefined, { state: { status: 'Empty' } as LotState, version: 0 }, { state: lotOf('other'), version: 3 }]) {
      const lots = source(cached);
      expect(await lotForBid(lots, 'lot-1', 'trackside')).toEqual({ state: lotOf('fresh'), version: 9 });
      expect(lots.load).toHaveBeenCalledWith('lot-1');
    }
  });
});
