import { randomBytes } from 'node:crypto';
import type { Client } from '@opensearch-project/opensearch';
import type {
  CatalogueSearchIndex,
  CatalogueSearchPage,
  DirectorySearchDocument,
  DirectorySearchQuery,
  ListingSearchDocument,
  ListingSearchQuery,
} from './catalogue-search.port';
import {
  catalogueIndexBody,
  catalogueIndexProperties,
  highlightRequest,
  highlightsOf,
  indexedDirectory,
  indexedListing,
  textQuery,
  type CatalogueIndexKind,
} from './opensearch-catalogue-indexes';
import { searchListingsByPrice, type ListingHits } from './opensearch-listing-price-sort';

type Hit = { _id: string; _source?: Record<string, unknown>; highlight?: Record<string, string[]> };
type BulkAction = { index: { id: string; body: Record<string, unknown> } } | { delete: string };

const DATE_SORTS = {
  date_desc: [{ publishedAt: { order: 'desc', missing: '_last' } }],
  date_asc: [{ publishedAt: { order: 'asc', missing: '_last' } }],
};
const TIE_BREAK = [{ weighting: 'desc' }, { id: 'asc' }];

/**
 * Directory and Paddock search in OpenSearch (issue 22): one index per brand and kind behind the
 * alias `<prefix>-catalogue-<kind>-<brand>` (a brand's search never reads another brand's documents,
 * and `rebuild` fills a new generation and switches the alias in one request). Text is every word as
 * a prefix or within `fuzziness: AUTO`, with the make synonyms of libs/contracts; filters and sorts
 * are PostgreSQL's (price sorts in dollars: opensearch-listing-price-sort.ts). The page's names or
 * titles come back highlighted (`highlightRequest`). Writes come from CatalogueSearchProcessor and
 * replace whole documents, so replays are harmless.
 */
export class OpenSearchCatalogueSearch implements CatalogueSearchIndex {
  private readonly ensured = new Set<string>();

  constructor(
    private readonly client: Client,
    private readonly prefix: string,
  ) {}

  alias(kind: CatalogueIndexKind, brand: string): string {
    return `${this.prefix}-catalogue-${kind}-${brand.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}`;
  }

  /**
   * Creates the alias and its first generation when missing; true when it did (the caller fills it).
   * An existing generation gets the sub-fields added to the mappings since it was made (the
   * highlighted `name.words` and `title.words`); highlighting re-reads the source, so the documents
   * already there are highlighted without a re-index.
   */
  async ensure(kind: CatalogueIndexKind, brand: string): Promise<boolean> {
    const alias = this.alias(kind, brand);
    if (this.ensured.has(alias)) return false;
    const exists = (await this.client.indices.existsAlias({ name: alias })).body;
    if (!exists) {
      const generation = this.generationName(alias);
      const body = { ...catalogueIndexBody(kind), aliases: { [alias]: {} } };
      await this.client.indices.create({ index: generation, body: body as never });
      // Searches of a new index fail ("all shards failed") until its shard has started.
      await this.client.cluster.health({ index: generation, wait_for_status: 'yellow', timeout: '30s' } as never);
      // Instances booting together may each have made one: all keep the oldest generation, the others go.
      const holders = Object.keys((await this.client.indices.getAlias({ name: alias })).body as Record<string, unknown>).sort();
      if (holders.length > 1) await this.client.indices.delete({ index: holders.slice(1).join(','), ignore_unavailable: true } as never);
    } else {
      await this.client.indices.putMapping({ index: alias, body: { properties: catalogueIndexProperties(kind) } as never });
    }
    this.ensured.add(alias);
    return !exists;
  }

  /** Zero-downtime re-index of one brand's kind: a new generation gets every document, then the alias moves to it. */
  async rebuild(
    kind: CatalogueIndexKind,
    brand: string,
    batches:
      | AsyncIterable<Array<DirectorySearchDocument | ListingSearchDocument>>
      | Iterable<Array<DirectorySearchDocument | ListingSearchDocument>>,
  ): Promise<string> {
    const alias = this.alias(kind, brand);
    const generation = this.generationName(alias);
    await this.client.indices.create({ index: generation, body: catalogueIndexBody(kind) as never });
    for await (const batch of batches)
      await this.bulk(
        generation,
        batch.map((document) => ({ index: toIndexed(kind, document) })),
      );
    await this.client.indices.refresh({ index: generation });
    const current = await this.client.indices.getAlias({ name: alias }).catch(() => ({ body: {} }));
    const previous = Object.keys(current.body as Record<string, unknown>);
    await this.client.indices.updateAliases({
      body: { actions: [...previous.map((index) => ({ remove: { index, alias } })), { add: { index: generation, alias } }] },
    });
    if (previous.length > 0) await this.client.indices.delete({ index: previous.join(',') });
    this.ensured.add(alias);
    return generation;
  }

  /** Makes written documents searchable now instead of at the next periodic refresh. */
  async refresh(): Promise<void> {
    await this.client.indices.refresh({ index: `${this.prefix}-catalogue-*`, allow_no_indices: true } as never);
  }

  async searchDirectories(query: DirectorySearchQuery): Promise<CatalogueSearchPage> {
    const words = textQuery(query.text);
    const filter: object[] = [{ term: { status: 'approved' } }, { term: { promoted: query.featured } }];
    if (query.category !== null) filter.push({ term: { category: query.category } });
    const body = {
      query: { bool: { filter, must: words } },
      sort: [...(words.length > 0 ? [{ _score: 'desc' }] : []), { 'name.lc': 'asc' }, { name: 'asc' }, { id: 'asc' }],
      from: (query.page - 1) * query.hitsPerPage,
      size: query.hitsPerPage,
      _source: false,
      ...highlightRequest('directories', query.text),
    };
    const found = await this.hits(this.alias('directories', query.brand), body);
    return { ids: found.hits.map((hit) => hit._id), nbHits: found.total, highlights: highlightsOf('directories', found.hits) };
  }

  async searchListings(query: ListingSearchQuery): Promise<CatalogueSearchPage> {
    const base = listingBaseQuery(query);
    const search: ListingHits = (body) => this.hits(this.alias('listings', query.brand), body);
    if (query.sort === 'price_asc' || query.sort === 'price_desc') {
      // The page is merged from several requests: its titles are highlighted in one more, by id.
      const page = await searchListingsByPrice(search, base, query);
      return { ...page, highlights: await this.highlightListings(query.brand, page.ids, query.text) };
    }
    const found = await search({
      query: base,
      sort: [...DATE_SORTS[query.sort], ...TIE_BREAK],
      from: (query.page - 1) * query.hitsPerPage,
      size: query.hitsPerPage,
      _source: false,
      ...highlightRequest('listings', query.text),
    });
    return { ids: found.hits.map((hit) => hit._id), nbHits: found.total, highlights: highlightsOf('listings', found.hits) };
  }

  /** The titles of the given listings, highlighted for the text (none without words). */
  private async highlightListings(brand: string, ids: string[], text: string | null): Promise<CatalogueSearchPage['highlights']> {
    const highlight = highlightRequest('listings', text);
    if (ids.length === 0 || !highlight.highlight) return {};
    const found = await this.hits(this.alias('listings', brand), {
      query: { ids: { values: ids } },
      size: ids.length,
      _source: false,
      ...highlight,
    });
    return highlightsOf('listings', found.hits);
  }

  async upsertDirectories(documents: DirectorySearchDocument[]): Promise<void> {
    await this.write('directories', documents);
  }

  async upsertListings(documents: ListingSearchDocument[]): Promise<void> {
    await this.write('listings', documents);
  }

  async removeDirectories(brand: string, ids: string[]): Promise<void> {
    await this.remove('directories', brand, ids);
  }

  async removeListings(brand: string, ids: string[]): Promise<void> {
    await this.remove('listings', brand, ids);
  }

  private async write(kind: CatalogueIndexKind, documents: Array<DirectorySearchDocument | ListingSearchDocument>): Promise<void> {
    const byBrand = new Map<string, Array<DirectorySearchDocument | ListingSearchDocument>>();
    for (const document of documents) byBrand.set(document.brand, [...(byBrand.get(document.brand) ?? []), document]);
    for (const [brand, batch] of byBrand) {
      await this.ensure(kind, brand);
      await this.bulk(
        this.alias(kind, brand),
        batch.map((document) => ({ index: toIndexed(kind, document) })),
      );
    }
  }

  private async remove(kind: CatalogueIndexKind, brand: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.ensure(kind, brand);
    await this.bulk(
      this.alias(kind, brand),
      ids.map((id) => ({ delete: id })),
    );
  }

  private async bulk(index: string, actions: BulkAction[]): Promise<void> {
    if (actions.length === 0) return;
    const body = actions.flatMap<object>((action) =>
      'index' in action
        ? [{ index: { _index: index, _id: action.index.id } }, action.index.body]
        : [{ delete: { _index: index, _id: action.delete } }],
    );
    const response = await this.client.bulk({ body: body as never });
    if (!response.body.errors) return;
    const failed = (response.body.items as Array<Record<string, { status: number; error?: unknown }>>)
      .map((item) => Object.values(item)[0]!)
      .filter((item) => item.error && item.status !== 404);
    if (failed.length > 0) throw new Error(`OpenSearch bulk write failed: ${JSON.stringify(failed[0]!.error)}`);
  }

  /** One search of an alias; a brand with no index yet has no hits. */
  private async hits(alias: string, body: Record<string, unknown>): Promise<{ hits: Hit[]; total: number; aggregations?: unknown }> {
    try {
      const response = await this.client.search({ index: alias, body: { track_total_hits: true, ...body } as never });
      const answer = response.body as unknown as { hits: { total: { value: number }; hits: Hit[] }; aggregations?: unknown };
      return { hits: answer.hits.hits, total: answer.hits.total.value, aggregations: answer.aggregations };
    } catch (error) {
      if (statusOf(error) === 404) return { hits: [], total: 0 };
      throw withReason(error);
    }
  }

  private generationName(alias: string): string {
    return `${alias}-${Date.now()}-${randomBytes(3).toString('hex')}`;
  }
}

function toIndexed(
  kind: CatalogueIndexKind,
  document: DirectorySearchDocument | ListingSearchDocument,
): { id: string; body: Record<string, unknown> } {
  const body =
    kind === 'directories' ? indexedDirectory(document as DirectorySearchDocument) : indexedListing(document as ListingSearchDocument);
  return { id: document.id, body };
}

/** The engine's own reason (the client's message alone says only "search_phase_execution_exception"). */
function withReason(error: unknown): unknown {
  const body = (error as { meta?: { body?: { error?: { root_cause?: unknown } } } } | null)?.meta?.body;
  return body?.error ? new Error(`OpenSearch search failed: ${JSON.stringify(body.error.root_cause ?? body.error)}`) : error;
}

function statusOf(error: unknown): number | undefined {
  return (error as { meta?: { statusCode?: number } } | null)?.meta?.statusCode;
}

/** Approved, paid-or-free, unexpired at the request's clock, the `where` filters and every word of the text. */
function listingBaseQuery(query: ListingSearchQuery): object {
  const { filters } = query;
  const filter: object[] = [
    { term: { status: 'APPROVED' } },
    { bool: { must_not: [{ term: { paymentStatus: 'UNPAID' } }] } },
    {
      bool: { should: [{ bool: { must_not: [{ exists: { field: 'expiry' } }] } }, { range: { expiry: { gt: query.now.toISOString() } } }] },
    },
  ];
  for (const field of ['category', 'type', 'userId', 'groupId', 'sellerType'] as const) {
    const value = filters[field];
    if (value) filter.push({ term: { [field]: value } });
  }
  if (filters.minPriceCents !== undefined || filters.maxPriceCents !== undefined)
    filter.push({ range: { priceCents: { gte: filters.minPriceCents, lte: filters.maxPriceCents } } });
  return { bool: { filter, must: textQuery(query.text) } };
}
