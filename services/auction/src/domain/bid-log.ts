import type { AcceptedBid } from './lot.decider';

/** Bids per chunk: adding a bid copies at most this many entries. */
const CHUNK = 64;

/**
 * A lot's accepted bids by id, immutable and append-only. A plain record copied on every bid made
 * `evolve` O(n) per bid (a hot lot with 50,000 bids copied 50,000 keys for each new one); here full
 * chunks are frozen and shared between states, so adding a bid copies one small map, and sealing a
 * chunk copies only the array of chunk references. Lookups visit the open chunk, then the sealed
 * ones newest first (idempotent retries are usually recent).
 */
export interface BidLog {
  readonly sealed: ReadonlyArray<ReadonlyMap<string, AcceptedBid>>;
  readonly open: ReadonlyMap<string, AcceptedBid>;
}

export const EMPTY_BID_LOG: BidLog = Object.freeze({ sealed: Object.freeze([]), open: new Map<string, AcceptedBid>() });

export function addBid(log: BidLog, bid: AcceptedBid): BidLog {
  if (log.open.size >= CHUNK) return { sealed: [...log.sealed, log.open], open: new Map([[bid.bidId, bid]]) };
  const open = new Map(log.open);
  open.set(bid.bidId, bid);
  return { sealed: log.sealed, open };
}

/** Both logs as one, `later` after `earlier`, sharing their chunks (a relist retires a round's bids). */
export function appendLog(earlier: BidLog, later: BidLog): BidLog {
  const chunks = [...earlier.sealed, earlier.open, ...later.sealed, later.open].filter((chunk) => chunk.size > 0);
  return { sealed: chunks, open: new Map() };
}

export function findBid(log: BidLog, bidId: string): AcceptedBid | undefined {
  const recent = log.open.get(bidId);
  if (recent) return recent;
  for (let index = log.sealed.length - 1; index >= 0; index -= 1) {
    const found = log.sealed[index]!.get(bidId);
    if (found) return found;
  }
  return undefined;
}

/** Every accepted bid, oldest first. */
export function listBids(log: BidLog): AcceptedBid[] {
  const all: AcceptedBid[] = [];
  for (const chunk of log.sealed) all.push(...chunk.values());
  all.push(...log.open.values());
  return all;
}

/** The bids as a plain record by id, for JSON views of a lot's state (lotHistory). */
export function bidsRecord(log: BidLog): Record<string, AcceptedBid> {
  return Object.fromEntries(listBids(log).map((bid) => [bid.bidId, bid]));
}
