import type { SqlExecutor } from '@trackside/event-store';
import type { DirectorySearchDocument, ListingSearchDocument } from './catalogue-search.port';

/**
 * Search documents read from the catalogue's tables: the rows are the state the entries' events
 * leave behind (each change commits with its event), so the processor reads the row an event names
 * and a rebuild reads them all.
 */
type Row = Record<string, unknown>;

const DIRECTORY_COLUMNS = `id, brand, status, featured, active_subscription, name, category, address_city, address_state, keywords`;
const LISTING_COLUMNS = `id, brand, status, payment_status, expiry, title, description, extra_details::text AS extra_details, category, type,
  user_id, group_id, seller_type, price_cents, currency, published_at, weighting`;

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());

export function directoryDocument(row: Row): DirectorySearchDocument {
  return {
    id: String(row.id),
    brand: String(row.brand),
    status: String(row.status),
    featured: Boolean(row.featured),
    activeSubscription: Boolean(row.active_subscription),
    name: String(row.name),
    category: String(row.category),
    addressCity: String(row.address_city ?? ''),
    addressState: String(row.address_state ?? ''),
    keywords: (row.keywords as string[] | null) ?? [],
  };
}

export function listingDocument(row: Row): ListingSearchDocument {
  return {
    id: String(row.id),
    brand: String(row.brand),
    status: String(row.status),
    paymentStatus: String(row.payment_status ?? 'FREE'),
    expiry: iso(row.expiry),
    title: String(row.title),
    description: String(row.description ?? ''),
    extraDetails: String(row.extra_details ?? '{}'),
    category: String(row.category),
    type: String(row.type),
    userId: String(row.user_id),
    groupId: row.group_id === null || row.group_id === undefined ? null : String(row.group_id),
    sellerType: String(row.seller_type),
    priceCents: row.price_cents === null || row.price_cents === undefined ? null : Number(row.price_cents),
    currency: String(row.currency),
    publishedAt: iso(row.published_at),
    weighting: Number(row.weighting ?? 0),
  };
}

export async function directoryDocuments(exec: SqlExecutor, ids: string[]): Promise<DirectorySearchDocument[]> {
  if (ids.length === 0) return [];
  const rows = (await exec.query(`SELECT ${DIRECTORY_COLUMNS} FROM catalogue.directories WHERE id = ANY($1::uuid[])`, [ids])) as Row[];
  return rows.map(directoryDocument);
}

export async function listingDocuments(exec: SqlExecutor, ids: string[]): Promise<ListingSearchDocument[]> {
  if (ids.length === 0) return [];
  const rows = (await exec.query(`SELECT ${LISTING_COLUMNS} FROM catalogue.listings WHERE id = ANY($1::uuid[])`, [ids])) as Row[];
  return rows.map(listingDocument);
}

/** Every brand with a directory entry or a listing. */
export async function catalogueBrands(exec: SqlExecutor): Promise<string[]> {
  const rows = (await exec.query(
    `SELECT brand FROM catalogue.directories UNION SELECT brand FROM catalogue.listings ORDER BY brand`,
  )) as Array<{ brand: string }>;
  return rows.map((row) => row.brand);
}

/** A brand's documents of one kind in id order, `size` at a time (keyset paging, so a large brand streams). */
export async function* brandDocuments<T extends DirectorySearchDocument | ListingSearchDocument>(
  exec: SqlExecutor,
  kind: 'directories' | 'listings',
  brand: string,
  size = 500,
): AsyncGenerator<T[]> {
  const columns = kind === 'directories' ? DIRECTORY_COLUMNS : LISTING_COLUMNS;
  const toDocument = (kind === 'directories' ? directoryDocument : listingDocument) as (row: Row) => T;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = (await exec.query(`SELECT ${columns} FROM catalogue.${kind} WHERE brand = $1 AND id > $2::uuid ORDER BY id LIMIT $3`, [
      brand,
      after,
      size,
    ])) as Row[];
    if (rows.length === 0) return;
    yield rows.map(toDocument);
    after = String(rows[rows.length - 1]!.id);
  }
}
