import { bidsRecord, type AcceptedBid, type ExistingLot, type LotState } from '../domain';

/**
 * The decider state as plain JSON (lotHistory's `state`): each bid log (this round's and the
 * earlier rounds' before a relist) becomes a record of bids by id. Everything else in the state is
 * already plain data; the spec checks the view survives a JSON round trip unchanged.
 */
export type LotStateView =
  | { status: 'Empty' }
  | (Omit<ExistingLot, 'bids' | 'previousRoundBids'> & {
      bids: Record<string, AcceptedBid>;
      previousRoundBids: Record<string, AcceptedBid>;
    });

export function lotStateView(state: LotState): LotStateView {
  if (state.status === 'Empty') return state;
  return { ...state, bids: bidsRecord(state.bids), previousRoundBids: bidsRecord(state.previousRoundBids) };
}
