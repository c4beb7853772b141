/**
 * The read-side rules of a lot (spec 001 section 5), one copy for the decider, the read models,
 * realtime and the web app. Pure; its only import is the brand defaults, itself dependency-free
 * (the web app imports this file directly). Money in integer cents.
 */
import { DEFAULT_BRAND_AUCTION_SETTINGS } from '../catalogue/brand-defaults';

/** The spec's minimum increment (1.00) when neither the lot nor its brand sets one (spec 001 section 9): the brand default's. */
export const DEFAULT_MINIMUM_INCREMENT_CENTS = DEFAULT_BRAND_AUCTION_SETTINGS.bidMinimumIncrementCents;

/** What the bidding rules need of a lot: the decider's state, a LotSummary and realtime's view all have it. */
export interface BiddingFacts {
  startPriceCents: number;
  /** The lot's own increment; 0 = none (the brand's applies). */
  minIncrementCents: number;
  reserveCents: number;
  /** This round's bids that stand (not voided). */
  bidCount: number;
  topBid: { amountCents: number } | null;
}

/**
 * One band of a brand's increment ladder (issue 21): a bid on a price below `belowCents` (null: no
 * upper bound, the last band) must add `incrementCents`. Bands are listed from the lowest price up.
 */
export interface IncrementBand {
  belowCents: number | null;
  incrementCents: number;
}

/**
 * A brand's increment rule: its flat `bidMinimumIncrement`, and the ladder that replaces it when the
 * brand configures one (docs/proxy-bidding.md "Increments"). A bare number is the flat increment alone.
 */
export interface BrandIncrementRule {
  flatCents: number;
  ladder?: readonly IncrementBand[] | null;
}

export type BrandIncrement = number | BrandIncrementRule;

/** Why a brand's ladder was refused (the brand configuration's check). */
export const INCREMENT_LADDER_MESSAGE =
  'Increment bands must rise from the lowest price up, each with a positive increment; only the last band has no upper limit.';

/** A usable ladder: at least one band, positive increments, limits rising, only the last one open (null). */
export function isValidLadder(ladder: readonly IncrementBand[]): boolean {
  if (ladder.length === 0) return false;
  return ladder.every((band, index) => {
    if (!(band.incrementCents > 0)) return false;
    if (band.belowCents === null) return index === ladder.length - 1;
    const previous = index > 0 ? ladder[index - 1]!.belowCents : 0;
    return previous !== null && band.belowCents > previous;
  });
}

/** The band of `ladder` that holds `priceCents`, or null without a usable ladder. */
export function ladderBandAt(ladder: readonly IncrementBand[] | null | undefined, priceCents: number): IncrementBand | null {
  if (!ladder || ladder.length === 0) return null;
  for (const band of ladder) {
    if (!(band.incrementCents > 0)) continue;
    if (band.belowCents === null || priceCents < band.belowCents) return band;
  }
  return null;
}

/**
 * The increment a next bid must add over `priceCents` (the visible price, never a hidden maximum):
 * the lot's own, else the brand's ladder band for that price, else the brand's flat
 * `bidMinimumIncrement`, else 1.00. Without a ladder the price does not matter (the spec's rule).
 */
export function minimumIncrementCents(lot: Pick<BiddingFacts, 'minIncrementCents'>, brand: BrandIncrement, priceCents = 0): number {
  if (lot.minIncrementCents > 0) return lot.minIncrementCents;
  const rule = typeof brand === 'number' ? { flatCents: brand } : brand;
  const band = ladderBandAt(rule.ladder, priceCents);
  if (band) return band.incrementCents;
  if (rule.flatCents > 0) return rule.flatCents;
  return DEFAULT_MINIMUM_INCREMENT_CENTS;
}

/** The smallest acceptable next bid: just above the start price, then the top bid plus the increment at that price. */
export function minimumNextBidCents(
  lot: Pick<BiddingFacts, 'startPriceCents' | 'minIncrementCents' | 'topBid'>,
  brand: BrandIncrement,
): number {
  if (!lot.topBid) return lot.startPriceCents + 1;
  return lot.topBid.amountCents + minimumIncrementCents(lot, brand, lot.topBid.amountCents);
}

export function hasReserve(lot: Pick<BiddingFacts, 'reserveCents'>): boolean {
  return lot.reserveCents > 0;
}

/** With a positive reserve: the top bid reaches it; without one: any standing bid. */
export function isReserveMet(lot: Pick<BiddingFacts, 'reserveCents' | 'bidCount' | 'topBid'>): boolean {
  if (!hasReserve(lot)) return lot.bidCount > 0;
  return (lot.topBid?.amountCents ?? 0) >= lot.reserveCents;
}

/** Top bid as a percentage of the reserve, floored to 2 decimals, capped at 100. */
export function reservePercentage(lot: Pick<BiddingFacts, 'reserveCents' | 'bidCount' | 'topBid'>): number {
  if (!hasReserve(lot)) return lot.bidCount > 0 ? 100 : 0;
  const top = lot.topBid?.amountCents ?? 0;
  return Math.min(100, Math.floor((top * 10_000) / lot.reserveCents) / 100);
}

/** SOLD when a positive reserve is met, or with at least one bid and no reserve. */
export function endOutcome(lot: Pick<BiddingFacts, 'reserveCents' | 'bidCount' | 'topBid'>): 'SOLD' | 'RESERVE_NOT_MET' {
  return isReserveMet(lot) ? 'SOLD' : 'RESERVE_NOT_MET';
}

/** The brands a lot belongs to: its own and every host that accepted it (network sharing). */
export interface BrandFacts {
  brand: string;
  hosts: readonly string[] | ReadonlySet<string>;
}

const hostsInclude = (hosts: BrandFacts['hosts'], brand: string): boolean =>
  'has' in hosts ? (hosts as ReadonlySet<string>).has(brand) : (hosts as readonly string[]).includes(brand);

/** Whether the lot belongs to `brand` (owner or accepting host): staff and sellers of that brand may act on it. */
export function isLotOfBrand(lot: BrandFacts, brand: string): boolean {
  return lot.brand === brand || hostsInclude(lot.hosts, brand);
}

/** Whether visitors of `brand` may see the lot: it belongs to the brand and is past PENDING. */
export function isVisibleToBrand(lot: BrandFacts & { status: string }, brand: string): boolean {
  return lot.status !== 'PENDING' && isLotOfBrand(lot, brand);
}
