import { describe, expect, it } from 'vitest';
import {
  decideWatchlist,
  evolveWatchlist,
  initialWatchlistState,
  type WatchlistCommand,
  type WatchlistEvent,
  type WatchlistState,
} from './watchlist.decider';

const NOW = new Date('2026-06-01T00:00:00.000Z');
const watch = (lotId = 'l1'): WatchlistCommand => ({ type: 'WatchLot', userId: 'u1', lotId, brand: 'trackside', now: NOW });
const unwatch = (lotId = 'l1'): WatchlistCommand => ({ type: 'UnwatchLot', userId: 'u1', lotId, brand: 'trackside', now: NOW });
const watched = (lotId = 'l1'): WatchlistEvent => ({
  type: 'LotWatched',
  data: { userId: 'u1', lotId, brand: 'trackside', watchedAt: NOW.toISOString() },
});
const unwatched = (lotId = 'l1'): WatchlistEvent => ({
  type: 'LotUnwatched',
  data: { userId: 'u1', lotId, brand: 'trackside', unwatchedAt: NOW.toISOString() },
});
const given = (...events: WatchlistEvent[]): WatchlistState => events.reduce(evolveWatchlist, initialWatchlistState());

describe('watchlist decider', () => {
  it('watches a lot', () => {
    expect(decideWatchlist(watch(), given())).toEqual({ ok: true, events: [watched()] });
    expect(given(watched()).lots).toEqual({ l1: true });
  });

  it('watching a watched lot appends nothing', () => {
    expect(decideWatchlist(watch(), given(watched()))).toEqual({ ok: true, events: [] });
  });

  it('unwatches a watched lot', () => {
    expect(decideWatchlist(unwatch(), given(watched()))).toEqual({ ok: true, events: [unwatched()] });
    expect(given(watched(), unwatched()).lots).toEqual({});
  });

  it('unwatching a lot that is not watched appends nothing', () => {
    expect(decideWatchlist(unwatch(), given())).toEqual({ ok: true, events: [] });
    expect(decideWatchlist(unwatch(), given(watched(), unwatched()))).toEqual({ ok: true, events: [] });
  });

  it('keeps lots apart and toggles on again', () => {
    const state = given(watched('l1'), watched('l2'), unwatched('l1'));
    expect(state.lots).toEqual({ l2: true });
    expect(decideWatchlist(watch('l1'), state)).toEqual({ ok: true, events: [watched('l1')] });
    expect(decideWatchlist(watch('l2'), state)).toEqual({ ok: true, events: [] });
  });
});
