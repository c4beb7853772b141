import { eventDataRecord, isLotStream, LOT_STREAM_PREFIX, lotIdOfStream, WATCHLIST_STREAM_PREFIX } from '@trackside/contracts';
import type { RecordedEvent } from '@trackside/event-store';
import type { EntityManager } from 'typeorm';

export const AUCTION_PROJECTION_STREAM_PREFIXES = [LOT_STREAM_PREFIX, WATCHLIST_STREAM_PREFIX];

type Data = Record<string, unknown>;

const str = (value: unknown): string | null =>
  typeof value === 'string' ? value : value === undefined || value === null ? null : String(value);
const cents = (value: unknown): string | null => (value === undefined || value === null ? null : String(value));
const date = (value: unknown): string | null => (value === undefined || value === null ? null : new Date(value as string).toISOString());

/**
 * Applies one recorded event to the read models (schema `auction`), inside the processor's
 * transaction. Returns the lot id it touched. Unknown event types are skipped: the log may hold
 * newer events than this code knows, and rejected attempts live in the audit stream.
 */
export async function applyAuctionEvent(manager: EntityManager, event: RecordedEvent): Promise<string | null> {
  if (event.streamId.startsWith(WATCHLIST_STREAM_PREFIX)) return applyWatchlistEvent(manager, event);
  // A lot's own stream only (its attempts, comments and reports streams share the prefix).
  const lotId = lotIdOfStream(event.streamId);
  if (!lotId) return null;
  const data = eventDataRecord(event);
  const at = date(event.metadata.occurredAt) ?? event.createdAt.toISOString();
  const touch = async (set: string, params: unknown[]): Promise<void> => {
    await manager.query(
      `UPDATE auction.lots SET ${set ? `${set}, ` : ''}version = $${params.length + 2}, updated_at = $${params.length + 3} WHERE id = $${params.length + 1}`,
      [...params, lotId, event.version, at],
    );
  };
  switch (event.type) {
    case 'LotCreated': {
      const fields = (data.dataFields ?? {}) as Record<string, { value?: unknown }>;
      const address = (data.address ?? {}) as Data;
      await manager.query(
        `INSERT INTO auction.lots (id, brand, slug, title, seller_type, seller_id, description, user_description, excerpt, status, payment_status,
           payment_type, package_id, template_type, currency, start_price_cents, reserve_cents, min_increment_cents, data_fields, address,
           contact_info, images, has_agreed_to_terms, service_snappr, reserve_meter_enabled, make, year, country, version, created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$30)
         ON CONFLICT (id) DO NOTHING`,
        [
          lotId,
          str(data.brand) ?? event.metadata.brand,
          str(data.slug),
          str(data.title),
          str(data.sellerType),
          str(data.sellerId),
          str(data.description),
          str(data.userDescription),
          str(data.excerpt),
          str(data.status) ?? 'PENDING',
          str(data.paymentStatus) ?? 'UNPAID',
          str(data.paymentType),
          str(data.packageId),
          str(data.templateType),
          str(data.currency) ?? 'USD',
          cents(data.startPriceCents) ?? '0',
          cents(data.reserveCents),
          cents(data.minIncrementCents) ?? '0',
          JSON.stringify(data.dataFields ?? {}),
          JSON.stringify(address),
          JSON.stringify(data.contactInfo ?? {}),
          JSON.stringify(data.images ?? {}),
          data.hasAgreedToTerms === true,
          data.serviceSnappr === true,
          data.reserveMeterEnabled !== false,
          str(fields.make?.value),
          str(fields.year?.value),
          str(address.country),
          event.version,
          at,
        ],
      );
      return lotId;
    }
    case 'LotUpdated': {
      const changes = ((data.changes ?? data) as Data) ?? {};
      const sets: string[] = [];
      const params: unknown[] = [];
      const set = (column: string, value: unknown, cast = ''): void => {
        params.push(value);
        sets.push(`${column} = $${params.length}${cast}`);
      };
      if ('title' in changes) set('title', str(changes.title));
      if ('slug' in changes) set('slug', str(changes.slug));
      if ('sellerType' in changes) set('seller_type', str(changes.sellerType));
      if ('description' in changes) set('description', str(changes.description));
      if ('userDescription' in changes) set('user_description', str(changes.userDescription));
      if ('excerpt' in changes) set('excerpt', str(changes.excerpt));
      if ('currency' in changes) set('currency', str(changes.currency));
      if ('reserveCents' in changes) set('reserve_cents', cents(changes.reserveCents));
      if ('dataFields' in changes) {
        const fields = (changes.dataFields ?? {}) as Record<string, { value?: unknown }>;
        set('data_fields', JSON.stringify(changes.dataFields ?? {}), '::jsonb');
        set('make', str(fields.make?.value));
        set('year', str(fields.year?.value));
      }
      if ('address' in changes) {
        set('address', JSON.stringify(changes.address ?? {}), '::jsonb');
        set('country', str((changes.address as Data | null)?.country));
      }
      if ('contactInfo' in changes) set('contact_info', JSON.stringify(changes.contactInfo ?? {}), '::jsonb');
      if ('images' in changes) set('images', `${JSON.stringify(changes.images ?? {})}`, '::jsonb');
      if ('hasAgreedToTerms' in changes) set('has_agreed_to_terms', changes.hasAgreedToTerms === true);
      if ('serviceSnappr' in changes) set('service_snappr', changes.serviceSnappr === true);
      await touch(sets.join(', '), params);
      await refreshReserve(manager, lotId);
      return lotId;
    }
    case 'LotApproved':
      await touch(`status = 'APPROVED'`, []);
      return lotId;
    case 'LotDisapproved':
      await touch(`status = 'PENDING'`, []);
      return lotId;
    case 'LotScheduled':
      await touch(`status = 'SCHEDULED', scheduled_start = $1, scheduled_end = $2, final_end = $3`, [
        date(data.scheduledStart ?? data.start),
        date(data.scheduledEnd ?? data.end),
        date(data.finalEnd ?? data.scheduledEnd ?? data.end),
      ]);
      return lotId;
    case 'LotWentLive':
      await touch(`status = 'LIVE'`, []);
      return lotId;
    case 'LotShared':
      await touch('shared = true', []);
      return lotId;
    case 'LotUnshared':
      await touch('shared = false', []);
      return lotId;
    case 'LotHostAccepted':
      await touch(
        'hosts = CASE WHEN $1 = ANY(hosts) THEN hosts ELSE array_append(hosts, $1) END, hosts_declined = array_remove(hosts_declined, $1)',
        [str(data.hostBrand)],
      );
      return lotId;
    case 'LotHostDeclined':
      // Declining after accepting takes the lot off the host brand too (the decider's evolve does the same).
      await touch(
        'hosts = array_remove(hosts, $1), hosts_declined = CASE WHEN $1 = ANY(hosts_declined) THEN hosts_declined ELSE array_append(hosts_declined, $1) END',
        [str(data.hostBrand)],
      );
      return lotId;
    case 'BidPlaced': {
      const bidId = str(data.bidId);
      const amount = cents(data.amountCents);
      await manager.query(
        `INSERT INTO auction.bids (id, lot_id, brand, bidder_id, amount_cents, is_first_bid, lot_version, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
        [
          bidId,
          lotId,
          event.metadata.brand,
          str(data.bidderId),
          amount,
          data.isFirstBid === true,
          event.version,
          date(data.placedAt) ?? at,
        ],
      );
      // Accepted bids always exceed the top bid, so the newest accepted bid is the top bid.
      await touch('top_bid_id = $1, top_bid_cents = $2, top_bidder_id = $3, bid_count = bid_count + 1', [
        bidId,
        amount,
        str(data.bidderId),
      ]);
      await refreshReserve(manager, lotId);
      return lotId;
    }
    case 'LotEndExtended':
      await touch('final_end = $1', [date(data.newEnd ?? data.finalEnd)]);
      return lotId;
    case 'LotEnded':
      await touch('status = $1, final_price_cents = $2, winner_id = $3', [
        str(data.status),
        cents(data.finalPriceCents),
        str(data.winnerId),
      ]);
      return lotId;
    case 'BidVoided':
      await applyBidVoided(manager, lotId, data, at, touch);
      return lotId;
    case 'LotCanceled':
      await touch(`status = 'CANCELED'`, []);
      return lotId;
    case 'LotRelisted':
      // A new round: the old bids stay, out of the public lists by their version (docs/decisions.md "Staff remedies").
      await touch(
        `status = 'APPROVED', scheduled_start = NULL, scheduled_end = NULL, final_end = NULL, top_bid_id = NULL, top_bid_cents = NULL,
         top_bidder_id = NULL, bid_count = 0, winner_id = NULL, final_price_cents = NULL, round = round + 1, round_start_version = $1`,
        [event.version],
      );
      await refreshReserve(manager, lotId);
      return lotId;
    default:
      return null;
  }
}

/**
 * A voided bid is marked, not deleted; the lot takes the top bid and count the event names (the
 * decider derived them from the bids left standing) and, on an ended lot, its new outcome.
 */
async function applyBidVoided(
  manager: EntityManager,
  lotId: string,
  data: Data,
  at: string,
  touch: (set: string, params: unknown[]) => Promise<void>,
): Promise<void> {
  await manager.query(`UPDATE auction.bids SET voided_at = $2, voided_by = $3, void_reason = $4 WHERE id = $1 AND lot_id = $5`, [
    str(data.bidId),
    date(data.voidedAt) ?? at,
    str(data.voidedBy),
    str(data.reason),
    lotId,
  ]);
  const top = (data.topBid ?? null) as Data | null;
  const params: unknown[] = [str(top?.bidId), cents(top?.amountCents), str(top?.bidderId), Number(data.bidCount ?? 0)];
  let set = 'top_bid_id = $1, top_bid_cents = $2, top_bidder_id = $3, bid_count = $4';
  const outcome = (data.outcome ?? null) as Data | null;
  if (outcome) {
    params.push(str(outcome.status), cents(outcome.finalPriceCents), str(outcome.winnerId));
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
  const lots = new Map<
    string,
    { topBidId: string | null; topCents: string | null; topBidder: string | null; added: number; version: number; at: string }
  >();
  for (const event of events) {
    // Only lot streams reach here (isLotBidPlaced).
    const lotId = lotIdOfStream(event.streamId) ?? '';
    const data = eventDataRecord(event);
    const at = date(event.metadata.occurredAt) ?? event.createdAt.toISOString();
    const bidId = str(data.bidId);
    const amount = cents(data.amountCents);
    bids.id.push(bidId);
    bids.lot.push(lotId);
    bids.brand.push(event.metadata.brand);
    bids.bidder.push(str(data.bidderId));
    more.amount.push(amount);
    more.first.push(data.isFirstBid === true);
    more.version.push(event.version);
    more.at.push(date(data.placedAt) ?? at);
    const lot = lots.get(lotId);
    lots.set(lotId, {
      topBidId: bidId,
      topCents: amount,
      topBidder: str(data.bidderId),
      added: (lot?.added ?? 0) + 1,
      version: event.version,
      at,
    });
  }
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
       bid_count = l.bid_count + v.added, version = v.version, updated_at = v.at,
       reserve_met = CASE WHEN l.reserve_cents IS NULL OR l.reserve_cents = 0 THEN l.bid_count + v.added > 0
                          ELSE COALESCE(v.top_bid_cents, 0) >= l.reserve_cents END,
       reserve_percentage = CASE WHEN l.reserve_cents IS NULL OR l.reserve_cents = 0 THEN CASE WHEN l.bid_count + v.added > 0 THEN 100 ELSE 0 END
                                 ELSE LEAST(100, floor(COALESCE(v.top_bid_cents, 0)::numeric * 10000 / l.reserve_cents) / 100) END
     FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::uuid[], $5::int[], $6::int[], $7::timestamptz[])
       AS v(id, top_bid_id, top_bid_cents, top_bidder_id, added, version, at)
     WHERE l.id = v.id`,
    [
      rows.map(([lotId]) => lotId),
      rows.map(([, lot]) => lot.topBidId),
      rows.map(([, lot]) => lot.topCents),
      rows.map(([, lot]) => lot.topBidder),
      rows.map(([, lot]) => lot.added),
      rows.map(([, lot]) => lot.version),
      rows.map(([, lot]) => lot.at),
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
  const data = eventDataRecord(event);
  const userId = str(data.userId) ?? event.streamId.slice(WATCHLIST_STREAM_PREFIX.length);
  const lotId = str(data.lotId);
  if (!lotId) return null;
  switch (event.type) {
    case 'LotWatched':
      await manager.query(
        `INSERT INTO auction.watchlist (user_id, lot_id, brand, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [userId, lotId, str(data.brand) ?? event.metadata.brand, date(event.metadata.occurredAt) ?? event.createdAt.toISOString()],
      );
      return null;
    case 'LotUnwatched':
      await manager.query(`DELETE FROM auction.watchlist WHERE user_id = $1 AND lot_id = $2`, [userId, lotId]);
      return null;
    default:
      return null;
  }
}
