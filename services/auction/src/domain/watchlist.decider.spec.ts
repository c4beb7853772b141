import { describe, expect, it } from 'vitest';
import { decideWatchlist, evolveWatchlist, initialWatchlistState, type WatchlistCommand } from './watchlist.decider';

const now = new Date('2026-06-01T00:00:00.000Z');
const watch: WatchlistCommand = { type: 'WatchLot', userId: 'u1', lotId: 'l1', brand: 'trackside', now };
const unwatch: WatchlistCommand = { type: 'UnwatchLot', userId: 'u1', lotId: 'l1', brand: 'trackside', now };

describe('watchlist decider', () => {
  it('watches once and unwatches once; repeats are no-ops', () => {
    const first = decideWatchlist(watch, initialWatchlistState());
    expect(first).toEqual({
      ok: true,
      events: [{ type: 'LotWatched', data: { userId: 'u1', lotId: 'l1', brand: 'trackside', watchedAt: now.toISOString() } }],
    });
    if (!first.ok) return;
    const watching = first.events.reduce(evolveWatchlist, initialWatchlistState());
    expect(watching.lots).toEqual({ l1: true });
    expect(decideWatchlist(watch, watching)).toEqual({ ok: true, events: [] });
    const second = decideWatchlist(unwatch, watching);
    expect(second).toMatchObject({ ok: true, events: [{ type: 'LotUnwatched' }] });
    if (!second.ok) return;
    expect(second.events.reduce(evolveWatchlist, watching).lots).toEqual({});
    expect(decideWatchlist(unwatch, initialWatchlistState())).toEqual({ ok: true, events: [] });
  });
});
