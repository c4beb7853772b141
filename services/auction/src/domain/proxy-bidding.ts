/**
 * Proxy (maximum) bidding, the pure rule the lot decider applies after every bid or maximum
 * (issue 21, docs/proxy-bidding.md). No Nest, no clock: the decider passes the lot's state and gets
 * back the one automatic bid, if any, that settles the contest.
 */
import { minimumIncrementCents, minimumNextBidCents, type BrandIncrement } from '@trackside/contracts';

/** A bidder's standing maximum. `rank` orders maxima and bids: lower = earlier (ties go to it). */
export interface StandingMaximum {
  maxBidId: string;
  bidderId: string;
  maximumCents: number;
  setAt: string;
  rank: number;
}

/** What the rule reads of a lot: the visible price and who holds it, and the maxima. */
export interface ProxyFacts {
  startPriceCents: number;
  minIncrementCents: number;
  topBid: { bidderId: string; amountCents: number } | null;
  /** The rank of the visible top bid (a manual one competes with it when its bidder has no higher maximum). */
  topBidRank: number;
  maxima: readonly StandingMaximum[];
}

/** One bidder's strength in the contest: a maximum, or the visible top bid itself. */
interface Contender {
  bidderId: string;
  strengthCents: number;
  rank: number;
}

/** The automatic bid that answers the contest: who bids and how much. */
export interface ProxyAnswer {
  bidderId: string;
  amountCents: number;
}

/** The maximum of `bidderId`, if they set one this round. */
export function maximumOf(maxima: readonly StandingMaximum[], bidderId: string): StandingMaximum | null {
  return maxima.find((max) => max.bidderId === bidderId) ?? null;
}

/**
 * Everyone who can still bid: the top bidder (by their maximum when it is at least the price, else
 * by the bid itself) and every other bidder whose maximum reaches the visible price (a maximum
 * equal to the price competes only by rank). Strongest first; equal strength: earlier first.
 */
function contenders(lot: ProxyFacts): Contender[] {
  const top = lot.topBid;
  const list: Contender[] = [];
  for (const max of lot.maxima) {
    if (top && max.bidderId === top.bidderId) continue;
    const reaches = top ? max.maximumCents >= top.amountCents : max.maximumCents > lot.startPriceCents;
    if (reaches) list.push({ bidderId: max.bidderId, strengthCents: max.maximumCents, rank: max.rank });
  }
  if (top) {
    const own = maximumOf(lot.maxima, top.bidderId);
    list.push(
      own && own.maximumCents >= top.amountCents
        ? { bidderId: top.bidderId, strengthCents: own.maximumCents, rank: own.rank }
        : { bidderId: top.bidderId, strengthCents: top.amountCents, rank: lot.topBidRank },
    );
  }
  return list.sort((a, b) => b.strengthCents - a.strengthCents || a.rank - b.rank);
}

/**
 * The automatic bid the maxima call for, or null when the visible top already stands. The strongest
 * contender wins at one increment (at the runner-up's price) above the runner-up's strength, capped
 * at its own maximum: so a smaller gap than an increment ends at the maximum, and a tie at the tied
 * amount for the earlier one. A proxy never bids against its own bidder: each bidder contends once.
 */
export function proxyAnswer(lot: ProxyFacts, brand: BrandIncrement): ProxyAnswer | null {
  const ranked = contenders(lot);
  const winner = ranked[0];
  if (!winner) return null;
  const runnerUp = ranked[1] ?? null;
  const top = lot.topBid;
  if (top && winner.bidderId === top.bidderId) {
    if (!runnerUp) return null;
    const amountCents = Math.min(winner.strengthCents, overbid(lot, runnerUp.strengthCents, brand));
    return amountCents > top.amountCents ? { bidderId: winner.bidderId, amountCents } : null;
  }
  const floor = runnerUp ? overbid(lot, runnerUp.strengthCents, brand) : minimumNextBidCents(lot, brand);
  return { bidderId: winner.bidderId, amountCents: Math.min(winner.strengthCents, floor) };
}

/** One increment above `priceCents`, by the increment rule at that price. */
function overbid(lot: Pick<ProxyFacts, 'minIncrementCents'>, priceCents: number, brand: BrandIncrement): number {
  return priceCents + minimumIncrementCents(lot, brand, priceCents);
}
