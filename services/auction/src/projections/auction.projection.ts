import {
  decodeLotEvent,
  decodeWatchlistEvent,
  isLotStream,
  LOT_STREAM_PREFIX,
  lotIdOfStream,
  WATCHLIST_STREAM_PREFIX,
  type BidVoidedData,
  type LotChanges,
  type LotCreatedData,
  type LotEvent,
} from '@trackside/contracts';
import type { RecordedEvent } from '@trackside/event-store';
import type { EntityManager } from 'typeorm';

export const AUCTION_PROJECTION_STREAM_PREFIXES = [LOT_STREAM_PREFIX, WATCHLIST_STREAM_PREFIX];

const str = (value: unknown): string | null =>
  typeof value === 'string' ? value : value === undefined || value === null ? null : String(value);
const cents = (value: number | null): string | null => (value === null ? null : String(value));
const date = (value: unknown): string | null => (value === undefined || value === null ? null : new Date(value as string).toISOString());
/**
 * The codec reads a missing text as ''; the read model kept NULL for it (older events without the
 * field), and a uuid column cannot take ''.
 */
const orNull = (value: string | null | undefined): string | null => (value ? value : null);

type Touch = (set: string, params: unknown[]) => Promise<void>;

/**
 * Applies one recorded event to the read models (schema `auction`), inside the processor's
 * transaction. Returns the lot id it touched. The data is read through the contract's codec
 * (decodeLotEvent: older shapes upgraded); a type it does not know, or an event it cannot read, is
 * skipped: the log may hold newer events than this code knows, and rejected attempts live in the
 * audit stream.
 */
export async function applyAuctionEvent(manager: EntityManager, event: RecordedEvent): Promise<string | null> {
  if (event.streamId.startsWith(WATCHLIST_STREAM_PREFIX)) return applyWatchlistEvent(manager, event);
  // A lot's own stream only (its attempts, comments and reports streams share the prefix).
  const lotId = lotIdOfStream(event.streamId);
  if (!lotId) return null;
  const decoded = decodeLotEvent(event);
  if (!decoded) return null;
  const at = date(event.metadata.occurredAt) ?? event.createdAt.toISOString();
  const touch: Touch = async (set, params) => {
    await manager.query(
      `UPDATE auction.lots SET ${set ? `${set}, ` : ''}version = $${params.length + 2}, updated_at = $${params.length + 3} WHERE id = $${params.length + 1}`,
      [...params, lotId, event.version, at],
    );
  };
  switch (decoded.type) {
    case 'LotCreated':
      await insertLot(manager, lotId, decoded.data, event.version, at);
      return lotId;
    case 'LotUpdated':
      await touch(...updateSets(decoded.data.changes));
      await refreshReserve(manager, lotId);
      return lotId;
    case 'BidPlaced':
      await applyBidsPlaced(manager, [event]);
      return lotId;
    case 'BidVoided':
      await applyBidVoided(manager, lotId, decoded.data, touch);
      return lotId;
    case 'LotRelisted':
      // A new round: the old bids stay, out of the public lists by their version (docs/decisions.md "Staff remedies").
      // Once: a relist delivered again (the row already at its version or later) does not count another round.
      await manager.query(
        `UPDATE auction.lots SET status = 'APPROVED', scheduled_start = NULL, scheduled_end = NULL, final_end = NULL, top_bid_id = NULL,
           top_bid_cents = NULL, top_bidder_id = NULL, bid_count = 0, winner_id = NULL, final_price_cents = NULL, round = round + 1,
           round_start_version = $1, version = $1, updated_at = $3
         WHERE id = $2 AND version < $1`,
        [event.version, lotId, at],
      );
      await refreshReserve(manager, lotId);
      return lotId;
    case 'MaxBidSet':
      // Nothing of a maximum is shown (docs/proxy-bidding.md "Privacy", so not even updated_at), but
      // the version moves: read-your-writes waits for it, and a maximum that set no bid ends its command.
      await manager.query(`UPDATE auction.lots SET version = $2 WHERE id = $1`, [lotId, event.version]);
      return null;
    default: {
      const change = lotChange(decoded);
      if (!change) return null;
      await touch(...change);
      return lotId;
    }
  }
}

/** The events that only set columns of the lot row: the SET clause and its parameters, or null for one the read model ignores. */
function lotChange(event: LotEvent): [string, unknown[]] | null {
  switch (event.type) {
    case 'LotApproved':
      return [`status = 'APPROVED'`, []];
    case 'LotDisapproved':
      return [`status = 'PENDING'`, []];
    case 'LotScheduled':
      return [
        `status = 'SCHEDULED', scheduled_start = $1, scheduled_end = $2, final_end = $3`,
        [date(event.data.scheduledStart), date(event.data.scheduledEnd), date(event.data.finalEnd)],
      ];
    case 'LotWentLive':
      return [`status = 'LIVE'`, []];
    case 'LotShared':
      return ['shared = true', []];
    case 'LotUnshared':
      return ['shared = false', []];
    case 'LotHostAccepted':
      return [
        'hosts = CASE WHEN $1 = ANY(hosts) THEN hosts ELSE array_append(hosts, $1) END, hosts_declined = array_remove(hosts_declined, $1)',
        [event.data.hostBrand],
      ];
    case 'LotHostDeclined':
      // Declining after accepting takes the lot off the host brand too (the decider's evolve does the same).
      return [
        'hosts = array_remove(hosts, $1), hosts_declined = CASE WHEN $1 = ANY(hosts_declined) THEN hosts_declined ELSE array_append(hosts_declined, $1) END',
        [event.data.hostBrand],
      ];
    case 'LotEndExtended':
      return ['final_end = $1', [date(event.data.newEnd)]];
    case 'LotEnded':
      return [
        'status = $1, final_price_cents = $2, winner_id = $3',
        [event.data.status, cents(event.data.finalPriceCents), event.data.winnerId],
      ];
    case 'LotCanceled':
      return [`status = 'CANCELED'`, []];
    default:
      return null;
  }
}

async function insertLot(manager: EntityManager, lotId: string, data: LotCreatedData, version: number, at: string): Promise<void> {
  const fields = data.dataFields;
  const address = data.address as Record<string, unknown>;
  await manager.query(
    `INSERT INTO auction.lots (id, brand, slug, title, seller_type, seller_id, description, user_description, excerpt, status, payment_status,
       payment_type, package_id, template_type, currency, start_price_cents, reserve_cents, min_increment_cents, data_fields, address,
       contact_info, images, has_agreed_to_terms, service_snappr, reserve_meter_enabled, make, year, country, version, created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$30)
     ON CONFLICT (id) DO NOTHING`,
    [
      lotId,
      data.brand,
      data.slug,
      data.title,
      orNull(data.sellerType),
      orNull(data.sellerId),
      data.description,
      orNull(data.userDescription),
      data.excerpt,
      data.status,
      data.paymentStatus,
      data.paymentType,
      data.packageId,
      data.templateType,
      data.currency,
      cents(data.startPriceCents),
      cents(data.reserveCents),
      cents(data.minIncrementCents),
      JSON.stringify(fields),
      JSON.stringify(address),
      JSON.stringify(data.contactInfo),
      JSON.stringify(data.images),
      data.hasAgreedToTerms,
      data.serviceSnappr,
      data.reserveMeterEnabled,
      str(fields.make?.value),
      str(fields.year?.value),
      str(address.country),
      version,
      at,
    ],
  );
}

/** The SET clause of a LotUpdated: the columns of the details it changes. */
function updateSets(changes: LotChanges): [string, unknown[]] {
  const sets: string[] = [];
  const params: unknown[] = [];
  const set = (column: string, value: unknown, cast = ''): void => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if (changes.title !== undefined) set('title', changes.title);
  if (changes.slug !== undefined) set('slug', changes.slug);
  if (changes.sellerType !== undefined) set('seller_type', changes.sellerType);
  if (changes.description !== undefined) set('description', changes.description);
  if (changes.userDescription !== undefined) set('user_description', changes.userDescription);
  if (changes.excerpt !== undefined) set('excerpt', changes.excerpt);
  if (changes.currency !== undefined) set('currency', changes.currency);
  if (changes.reserveCents !== undefined) set('reserve_cents', cents(changes.reserveCents));
  if (changes.dataFields !== undefined) {
    set('data_fields', JSON.stringify(changes.dataFields), '::jsonb');
    set('make', str(changes.dataFields.make?.value));
    set('year', str(changes.dataFields.year?.value));
  }
  if (changes.address !== undefined) {
    set('address', JSON.stringify(changes.address), '::jsonb');
    set('country', str((changes.address as Record<string, unknown>).country));
  }
  if (changes.contactInfo !== undefined) set('contact_info', JSON.stringify(changes.contactInfo), '::jsonb');
  if (changes.images !== undefined) set('images', JSON.stringify(changes.images), '::jsonb');
  if (changes.hasAgreedToTerms !== undefined) set('has_agreed_to_terms', changes.hasAgreedToTerms);
  if (changes.serviceSnappr !== undefined) set('service_snappr', changes.serviceSnappr);
  return [sets.join(', '), params];
}

/**
 * A voided bid is marked, not deleted; the lot takes the top bid and count the event names (the
 * decider derived them from the bids left standing) and, on an ended lot, its new outcome.
 */
async function applyBidVoided(manager: EntityManager, lotId: string, data: BidVoidedData, touch: Touch): Promise<void> {
  await manager.query(`UPDATE auction.bids SET voided_at = $2, voided_by = $3, void_reason = $4 WHERE id = $1 AND lot_id = $5`, [
    data.bidId,
    date(data.voidedAt),
    orNull(data.voidedBy),
    orNull(data.reason),
    lotId,
  ]);
  const top = data.topBid;
  const params: unknown[] = [top?.bidId ?? null, cents(top?.amountCents ?? null), orNull(top?.bidderId), data.bidCount];
  let set = 'top_bid_id = $1, top_bid_cents = $2, top_bidder_id = $3, bid_count = $4';
  if (data.outcome) {
    params.push(data.outcome.status, cents(data.outcome.finalPriceCents), data.outcome.winnerId);
    set += ', status = $5, final_price_cents = $6, winner_id = $7';
  }
  await touch(set, params);
  await refreshReserve(manager, lotId);
}

/** A lot's accepted bid, the event the hot path produces most; applied in batches. */
export function isLotBidPlaced(event: RecordedEvent): boolean {
  return event.type === 'BidPlaced' && isLotStream(event.streamId);
}

/**
 * Applies a run of consecutive BidPlaced events in two statements, whatever their number: one
 * multi-row insert of the bids and one update per touched lot (top bid, count, version, reserve).
 * Equivalent to applying them one by one (accepted bids always exceed the top bid, so a lot's last
 * bid in the run is its top bid), but a busy batch costs two round trips instead of three per bid.
 * Returns the lots it touched.
 */
export async function applyBidsPlaced(manager: Pick<EntityManager, 'query'>, events: RecordedEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const bids = { id: [] as Array<string | null>, lot: [] as string[], brand: [] as string[], bidder: [] as Array<string | null> };
  const more = { amount: [] as Array<string | null>, first: [] as boolean[], version: [] as number[], at: [] as string[] };
  /** Every counted bid's lot and version: the lot row adds only those newer than its own version. */
  const counted = { lot: [] as string[], version: [] as number[] };
  const lots = new Map<
    string,
    { topBidId: string | null; topCents: string | null; topBidder: string | null; added: number; version: number; at: string }
  >();
  for (const event of events) {
    // Only lot streams reach here (isLotBidPlaced); a bid the codec cannot read (no id or amount) is skipped.
    const lotId = lotIdOfStream(event.streamId) ?? '';
    const decoded = decodeLotEvent(event);
    if (decoded?.type !== 'BidPlaced') continue;
    const bid = decoded.data;
    const at = date(event.metadata.occurredAt) ?? event.createdAt.toISOString();
    const amount = cents(bid.amountCents);
    const bidderId = orNull(bid.bidderId);
    // An early bid recorded without its bidder counts on the lot, as the decider counts it, but has
    // no row of its own: bids.bidder_id is required (docs/decisions.md "Projections read through the lot codec").
    if (bidderId) {
      bids.id.push(bid.bidId);
      bids.lot.push(lotId);
      bids.brand.push(event.metadata.brand);
      bids.bidder.push(bidderId);
      more.amount.push(amount);
      more.first.push(bid.isFirstBid);
      more.version.push(event.version);
      more.at.push(date(bid.placedAt) ?? at);
    }
    counted.lot.push(lotId);
    counted.version.push(event.version);
    const lot = lots.get(lotId);
    lots.set(lotId, {
      topBidId: bid.bidId,
      topCents: amount,
      topBidder: bidderId,
      added: (lot?.added ?? 0) + 1,
      version: event.version,
      at,
    });
  }
  if (lots.size === 0) return [];
  await manager.query(
    `INSERT INTO auction.bids (id, lot_id, brand, bidder_id, amount_cents, is_first_bid, lot_version, created_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::bigint[], $6::boolean[], $7::int[], $8::timestamptz[])
     ON CONFLICT (id) DO NOTHING`,
    [bids.id, bids.lot, bids.brand, bids.bidder, more.amount, more.first, more.version, more.at],
  );
  const rows = [...lots.entries()];
  await manager.query(
    `UPDATE auction.lots l SET
       top_bid_id = v.top_bid_id, top_bid_cents = v.top_bid_cents, top_bidder_id = v.top_bidder_id,
       bid_count = l.bid_count + (SELECT count(*)::int FROM unnest($8::uuid[], $9::int[]) AS b(lot, version) WHERE b.lot = l.id AND b.version > l.version),
       version = v.version, updated_at = v.at,
       reserve_met = CASE WHEN l.reserve_cents IS NULL OR l.reserve_cents = 0 THEN true
                          ELSE COALESCE(v.top_bid_cents, 0) >= l.reserve_cents END,
       reserve_percentage = CASE WHEN l.reserve_cents IS NULL OR l.reserve_cents = 0 THEN 100
                                 ELSE LEAST(100, floor(COALESCE(v.top_bid_cents, 0)::numeric * 10000 / l.reserve_cents) / 100) END
     FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::uuid[], $5::int[], $6::int[], $7::timestamptz[])
       AS v(id, top_bid_id, top_bid_cents, top_bidder_id, added, version, at)
     -- Idempotent: a run delivered twice (a redelivery around an online rebuild) changes nothing; only
     -- bids newer than the row's version count, and the row moves only forward (at least one new bid,
     -- so a lot without reserve has it met).
     WHERE l.id = v.id AND l.version < v.version`,
    [
      rows.map(([lotId]) => lotId),
      rows.map(([, lot]) => lot.topBidId),
      rows.map(([, lot]) => lot.topCents),
      rows.map(([, lot]) => lot.topBidder),
      rows.map(([, lot]) => lot.added),
      rows.map(([, lot]) => lot.version),
      rows.map(([, lot]) => lot.at),
      counted.lot,
      counted.version,
    ],
  );
  return rows.map(([lotId]) => lotId);
}

/** reserve_met and reserve_percentage follow the top bid and the reserve (percentage capped at 100). */
async function refreshReserve(manager: EntityManager, lotId: string): Promise<void> {
  await manager.query(
    `UPDATE auction.lots SET
       reserve_met = CASE WHEN reserve_cents IS NULL OR reserve_cents = 0 THEN bid_count > 0 ELSE COALESCE(top_bid_cents, 0) >= reserve_cents END,
       reserve_percentage = CASE WHEN reserve_cents IS NULL OR reserve_cents = 0 THEN CASE WHEN bid_count > 0 THEN 100 ELSE 0 END
                                 ELSE LEAST(100, floor(COALESCE(top_bid_cents, 0)::numeric * 10000 / reserve_cents) / 100) END
     WHERE id = $1`,
    [lotId],
  );
}

async function applyWatchlistEvent(manager: EntityManager, event: RecordedEvent): Promise<string | null> {
  // The codec takes the user from the stream id and the brand from the metadata when the data lacks them.
  const decoded = decodeWatchlistEvent(event);
  if (!decoded) return null;
  const { userId, lotId } = decoded.data;
  switch (decoded.type) {
    case 'LotWatched':
      await manager.query(
        `INSERT INTO auction.watchlist (user_id, lot_id, brand, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [userId, lotId, decoded.data.brand, date(event.metadata.occurredAt) ?? event.createdAt.toISOString()],
      );
      return null;
    case 'LotUnwatched':
      await manager.query(`DELETE FROM auction.watchlist WHERE user_id = $1 AND lot_id = $2`, [userId, lotId]);
      return null;
    default:
      return null;
  }
}
