/** A user's watchlist (one stream per user): watch and unwatch lots, idempotently. */
import type { WatchlistEvent } from '@trackside/contracts';

// The events are the published language of the watchlist (libs/contracts/src/auction/watchlist-events.ts).
export type { WatchlistEvent } from '@trackside/contracts';

export type WatchlistCommand =
  | { type: 'WatchLot'; userId: string; lotId: string; brand: string; now: Date }
  | { type: 'UnwatchLot'; userId: string; lotId: string; brand: string; now: Date };

export interface WatchlistState {
  lots: Record<string, true>;
}

export const initialWatchlistState = (): WatchlistState => ({ lots: {} });

export type WatchlistDecision = { ok: true; events: WatchlistEvent[] } | { ok: false; code: string; message: string };

export function decideWatchlist(command: WatchlistCommand, state: WatchlistState): WatchlistDecision {
  const watching = state.lots[command.lotId] === true;
  switch (command.type) {
    case 'WatchLot':
      if (watching) return { ok: true, events: [] };
      return {
        ok: true,
        events: [
          {
            type: 'LotWatched',
            data: { userId: command.userId, lotId: command.lotId, brand: command.brand, watchedAt: command.now.toISOString() },
          },
        ],
      };
    case 'UnwatchLot':
      if (!watching) return { ok: true, events: [] };
      return {
        ok: true,
        events: [
          {
            type: 'LotUnwatched',
            data: { userId: command.userId, lotId: command.lotId, brand: command.brand, unwatchedAt: command.now.toISOString() },
          },
        ],
      };
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export function evolveWatchlist(state: WatchlistState, event: WatchlistEvent): WatchlistState {
  switch (event.type) {
    case 'LotWatched':
      return { lots: { ...state.lots, [event.data.lotId]: true } };
    case 'LotUnwatched': {
      const { [event.data.lotId]: _removed, ...rest } = state.lots;
      return { lots: rest };
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
