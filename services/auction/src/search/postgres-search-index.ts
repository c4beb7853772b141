import type { SqlExecutor } from '@trackside/event-store';
import {
  SEARCH_EXCLUDED_STATUSES,
  SEARCH_FACETS,
  type LotSearchDocument,
  type SearchFacet,
  type SearchFacetName,
  type SearchIndex,
  type SearchParams,
  type SearchResult,
  type SearchSort,
} from './search-index.port';
import { HIGHLIGHT_END, HIGHLIGHT_START, highlightSegments, toPrefixTsQuery } from './search-text';

/** Values listed per facet, most frequent first (the usual facet-engine default). */
export const MAX_FACET_VALUES = 100;

const TABLE = 'auction.search_documents';
/** Where a rebuild's replay writes while searches keep reading TABLE (migration 1764020000000). */
export const BUILDING_TABLE = 'auction.search_documents_building';
/** One row while a rebuild is under way. */
export const REBUILD_STATE_TABLE = 'auction.search_rebuild';

/** ts_headline options: the whole title (not fragments), matched words between the shared markers. */
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, HighlightAll=true`;

const FACET_COLUMNS: Record<SearchFacetName, string> = {
  status: 'status',
  'address.country': 'country',
  'dataFields.make.value': 'make',
  'dataFields.year.value': 'year',
  sellerType: 'seller_type',
};

/** Lots whose auction is over; "Ending Soonest" lists them after the ones still running. */
const ENDED = `status IN ('SOLD', 'RESERVE_NOT_MET')`;

const SORT_ORDER: Record<SearchSort, string> = {
  // Ending Soonest (the default): running lots by end date ascending, then ended lots, the most
  // recently ended first. A plain ascending sort would open the list on last month's results.
  'endDate-asc': `(${ENDED}) ASC, CASE WHEN ${ENDED} THEN NULL ELSE final_end END ASC NULLS LAST, final_end DESC NULLS LAST`,
  'endDate-desc': 'final_end DESC NULLS LAST',
  'startDate-asc': 'scheduled_start ASC NULLS LAST',
  'startDate-desc': 'scheduled_start DESC NULLS LAST',
  'bid-asc': 'current_price_cents ASC',
  'bid-desc': 'current_price_cents DESC',
};

/** Column list of a document row, in `jsonb_to_recordset` form (the generated search_vector is left out). */
const DOCUMENT_COLUMNS: Array<[column: string, type: string, key: keyof LotSearchDocument]> = [
  ['id', 'uuid', 'id'],
  ['brand', 'text', 'brand'],
  ['hosts', 'text[]', 'hosts'],
  ['status', 'text', 'status'],
  ['seller_type', 'text', 'sellerType'],
  ['country', 'text', 'country'],
  ['make', 'text', 'make'],
  ['model', 'text', 'model'],
  ['year', 'text', 'year'],
  ['title', 'text', 'title'],
  ['description', 'text', 'description'],
  ['user_description', 'text', 'userDescription'],
  ['start_price_cents', 'bigint', 'startPriceCents'],
  ['top_bid_cents', 'bigint', 'topBidCents'],
  ['current_price_cents', 'bigint', 'currentPriceCents'],
  ['scheduled_start', 'timestamptz', 'scheduledStart'],
  ['final_end', 'timestamptz', 'finalEnd'],
  ['cover_image', 'text', 'coverImage'],
  ['slug', 'text', 'slug'],
  ['currency', 'text', 'currency'],
  ['version', 'integer', 'version'],
];

const COLUMNS = DOCUMENT_COLUMNS.map(([column]) => column);
const UPDATED_COLUMNS = COLUMNS.filter((column) => column !== 'id');
/** The columns the stored `search_vector` is computed from (migration 1763950000000). */
const VECTOR_INPUTS = ['title', 'make', 'model', 'year', 'description', 'user_description'];
/** What a bid (or any change that leaves the text alone) rewrites in place. */
const IN_PLACE_COLUMNS = UPDATED_COLUMNS.filter((column) => !VECTOR_INPUTS.includes(column));
const RECORD = DOCUMENT_COLUMNS.map(([column, type]) => `${column} ${type}`).join(', ');

/**
 * The search index in PostgreSQL (table `auction.search_documents`, migration
 * 1763950000000-auction-search-index): full-text search on a stored tsvector with a GIN index
 * ('simple' configuration, title weighted A, make/model/year B, descriptions C), prefix-matched
 * words, facet counts, paging and the page's title highlights (ts_headline) in one statement (one
 * snapshot, one round trip). Upserts never replace a document with an older version.
 *
 * A rebuild (the processor replaying the log from its start) writes into `search_documents_building`
 * while searches keep reading `search_documents`, complete but frozen; when the replay reaches the
 * head of the log, the batch's transaction makes `search_documents` equal to the building table
 * (rows the replay did not write deleted, changed rows replaced, equal rows left alone) and empties
 * it, so searches see the old documents until that commit and the rebuilt ones after it. The row of
 * `search_rebuild` is the rebuild's state: a leader that takes over mid-rebuild keeps writing into
 * the building table (docs/decisions.md "PostgreSQL auction search rebuilds into a shadow table").
 */
export class PostgresSearchIndex implements SearchIndex {
  /** Where the processor's reads and writes go: the building table during a rebuild. */
  private target = TABLE;

  /** `reader` runs the search queries (the service's pool); writes go through the caller's transaction. */
  constructor(private readonly reader: SqlExecutor) {}

  async get(ids: string[], tx: SqlExecutor): Promise<Map<string, LotSearchDocument>> {
    if (ids.length === 0) return new Map();
    const rows = await tx.query(`SELECT ${COLUMNS.join(', ')} FROM ${this.target} WHERE id = ANY($1::uuid[])`, [ids]);
    return new Map(rows.map((row) => [String(row.id), toDocument(row)]));
  }

  /**
   * Writes the documents, each only over an older version. A document whose text is unchanged (a
   * bid moved the price, a status or an end date changed) is updated without its text columns, so
   * PostgreSQL neither recomputes the stored `search_vector` nor, with the room fillfactor 70 leaves
   * on each page (migration 1764030000000), adds index entries for the new row version (a HOT
   * update). Every bid's batch rewrote whole rows before (docs/decisions.md, "The search document of
   * a bid is updated in place"). New documents and changed text take the full upsert.
   */
  async upsert(documents: LotSearchDocument[], tx: SqlExecutor): Promise<void> {
    if (documents.length === 0) return;
    const table = this.target;
    const payload = documents.map((document) => Object.fromEntries(DOCUMENT_COLUMNS.map(([column, , key]) => [column, document[key]])));
    await tx.query(
      `WITH x AS MATERIALIZED (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(${RECORD})),
       in_place AS (
         UPDATE ${table} t SET ${IN_PLACE_COLUMNS.map((column) => `${column} = x.${column}`).join(', ')}
           FROM x
          WHERE t.id = x.id AND t.version <= x.version
            AND ${VECTOR_INPUTS.map((column) => `t.${column} IS NOT DISTINCT FROM x.${column}`).join(' AND ')}
         RETURNING t.id)
       INSERT INTO ${table} (${COLUMNS.join(', ')})
       SELECT ${COLUMNS.join(', ')} FROM x WHERE x.id NOT IN (SELECT id FROM in_place)
       ON CONFLICT (id) DO UPDATE SET ${UPDATED_COLUMNS.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}
       WHERE ${table}.version <= EXCLUDED.version`,
      [JSON.stringify(payload)],
    );
  }

  async remove(ids: string[], tx: SqlExecutor): Promise<void> {
    if (ids.length === 0) return;
    await tx.query(`DELETE FROM ${this.target} WHERE id = ANY($1::uuid[])`, [ids]);
  }

  async count(): Promise<number> {
    const rows = await this.reader.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${TABLE}`);
    return Number(rows[0]?.count ?? 0);
  }

  /**
   * In the batch's transaction: a replay from the start begins a rebuild (the building table
   * emptied, the state row written); a later batch continues one while the state row is there.
   */
  async beginBatch(fromStart: boolean, tx: SqlExecutor): Promise<{ rebuilding: boolean }> {
    if (fromStart) {
      await tx.query(`TRUNCATE ${BUILDING_TABLE}`);
      await tx.query(
        `INSERT INTO ${REBUILD_STATE_TABLE} (singleton) VALUES (true) ON CONFLICT (singleton) DO UPDATE SET started_at = now()`,
      );
    }
    const rebuilding = fromStart || (await tx.query(`SELECT 1 FROM ${REBUILD_STATE_TABLE}`)).length > 0;
    this.target = rebuilding ? BUILDING_TABLE : TABLE;
    return { rebuilding };
  }

  /** After a rebuild's batch that left nothing to replay: the searched table takes the building table's documents. */
  async endBatch(atHead: boolean, tx: SqlExecutor): Promise<void> {
    if (this.target !== BUILDING_TABLE || !atHead) return;
    await tx.query(`DELETE FROM ${TABLE} d WHERE NOT EXISTS (SELECT 1 FROM ${BUILDING_TABLE} b WHERE b.id = d.id)`);
    await tx.query(
      `INSERT INTO ${TABLE} (${COLUMNS.join(', ')})
       SELECT ${COLUMNS.join(', ')} FROM ${BUILDING_TABLE}
       ON CONFLICT (id) DO UPDATE SET ${UPDATED_COLUMNS.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}
       WHERE (${UPDATED_COLUMNS.map((column) => `${TABLE}.${column}`).join(', ')})
             IS DISTINCT FROM (${UPDATED_COLUMNS.map((column) => `EXCLUDED.${column}`).join(', ')})`,
    );
    await tx.query(`TRUNCATE ${BUILDING_TABLE}`);
    await tx.query(`DELETE FROM ${REBUILD_STATE_TABLE}`);
    this.target = TABLE;
  }

  async search(params: SearchParams): Promise<SearchResult> {
    const sql: unknown[] = [];
    const param = (value: unknown): string => {
      sql.push(value);
      return `$${sql.length}`;
    };
    const brand = param(params.brand);
    const excluded = param([...SEARCH_EXCLUDED_STATUSES]);
    const tsquery = toPrefixTsQuery(params.query);
    const textQuery = tsquery === null ? null : `to_tsquery('simple', ${param(tsquery)})`;
    const filterOf = new Map<SearchFacetName, string>();
    for (const name of SEARCH_FACETS) {
      const values = params.filters[name];
      // Case-insensitive: a link with makes=porsche finds the Porsche lots (issue 24 item 11).
      const lowered = values.map((value) => value.toLowerCase());
      if (values.length > 0) filterOf.set(name, `lower(${FACET_COLUMNS[name]}) = ANY(${param(lowered)}::text[])`);
    }
    const where = (except: SearchFacetName | null): string => {
      const clauses = [...filterOf.entries()].filter(([name]) => name !== except).map(([, clause]) => clause);
      return clauses.length > 0 ? clauses.join(' AND ') : 'TRUE';
    };
    const order = `${SORT_ORDER[params.sortBy]}, rank DESC, id ASC`;
    // Only the page's titles are highlighted (ts_headline re-parses the text: too dear for every match).
    const headline = textQuery === null ? 'NULL' : `ts_headline('simple', p.title, ${textQuery}, ${param(HEADLINE_OPTIONS)})`;
    const limit = param(params.hitsPerPage);
    const offset = param((params.page - 1) * params.hitsPerPage);
    const facetSelects = SEARCH_FACETS.map((name, index) => {
      const column = FACET_COLUMNS[name];
      return `(SELECT coalesce(json_agg(json_build_object('value', f.value, 'count', f.count) ORDER BY f.count DESC, f.value), '[]'::json)
                 FROM (SELECT ${column} AS value, count(*)::int AS count FROM base
                        WHERE ${column} IS NOT NULL AND ${where(name)}
                        GROUP BY ${column} ORDER BY count DESC, value LIMIT ${MAX_FACET_VALUES}) f) AS facet_${index}`;
    });
    const rows = await this.reader.query<Record<string, unknown>>(
      `WITH base AS (
         SELECT id, title, status, seller_type, country, make, year, final_end, scheduled_start, current_price_cents,
                ${textQuery === null ? '0::real' : `ts_rank(search_vector, ${textQuery})`} AS rank
           FROM ${TABLE}
          WHERE (brand = ${brand} OR hosts @> ARRAY[${brand}]::text[])
            AND NOT (status = ANY(${excluded}::text[]))
            ${textQuery === null ? '' : `AND search_vector @@ ${textQuery}`}
       )
       SELECT
         (SELECT count(*)::int FROM base WHERE ${where(null)}) AS nb_hits,
         (SELECT coalesce(json_agg(json_build_object('id', p.id, 'headline', ${headline}) ORDER BY p.n), '[]'::json)
            FROM (SELECT id, title, row_number() OVER (ORDER BY ${order}) AS n FROM base WHERE ${where(null)}
                   ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) p) AS page,
         ${facetSelects.join(',\n         ')}`,
      sql,
    );
    const row = rows[0] ?? {};
    const facets: SearchFacet[] = SEARCH_FACETS.map((name, index) => ({
      name,
      values: (row[`facet_${index}`] as Array<{ value: string; count: number }> | undefined) ?? [],
    }));
    const page = (row.page as Array<{ id: string; headline: string | null }> | undefined) ?? [];
    const highlights: SearchResult['highlights'] = {};
    for (const { id, headline } of page) {
      const segments = headline === null ? null : highlightSegments(headline);
      if (segments) highlights[id] = segments;
    }
    return { ids: page.map(({ id }) => id), nbHits: Number(row.nb_hits ?? 0), facets, highlights };
  }
}

function toDocument(row: Record<string, unknown>): LotSearchDocument {
  const nullableText = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
  const nullableNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
  const nullableInstant = (value: unknown): string | null =>
    value === null || value === undefined ? null : new Date(value as string | Date).toISOString();
  return {
    id: String(row.id),
    brand: String(row.brand),
    hosts: (row.hosts as string[] | null) ?? [],
    status: String(row.status),
    sellerType: nullableText(row.seller_type),
    country: nullableText(row.country),
    make: nullableText(row.make),
    model: nullableText(row.model),
    year: nullableText(row.year),
    title: String(row.title),
    description: nullableText(row.description),
    userDescription: nullableText(row.user_description),
    startPriceCents: Number(row.start_price_cents),
    topBidCents: nullableNumber(row.top_bid_cents),
    currentPriceCents: Number(row.current_price_cents),
    scheduledStart: nullableInstant(row.scheduled_start),
    finalEnd: nullableInstant(row.final_end),
    coverImage: nullableText(row.cover_image),
    slug: String(row.slug),
    currency: String(row.currency),
    version: Number(row.version),
  };
}
