import { randomBytes } from 'node:crypto';
import type { Client } from '@opensearch-project/opensearch';
import { MAKE_SYNONYMS } from '@trackside/contracts';
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
import { MAX_FACET_VALUES } from './postgres-search-index';
import { HIGHLIGHT_END, HIGHLIGHT_START, highlightSegments, searchWords } from './search-text';

/** Keyword fields of the facets; each has a lowercase `.lc` twin for case-insensitive filters. */
const FACET_FIELDS: Record<SearchFacetName, string> = {
  status: 'status',
  'address.country': 'country',
  'dataFields.make.value': 'make',
  'dataFields.year.value': 'year',
  sellerType: 'sellerType',
};

const ENDED_STATUSES = ['SOLD', 'RESERVE_NOT_MET'];

/** Same orders as the PostgreSQL adapter; `runningEnd` is finalEnd of a lot still running, else absent. */
const SORTS: Record<SearchSort, object[]> = {
  'endDate-asc': [{ ended: 'asc' }, { runningEnd: { order: 'asc', missing: '_last' } }, { finalEnd: { order: 'desc', missing: '_last' } }],
  'endDate-desc': [{ finalEnd: { order: 'desc', missing: '_last' } }],
  'startDate-asc': [{ scheduledStart: { order: 'asc', missing: '_last' } }],
  'startDate-desc': [{ scheduledStart: { order: 'desc', missing: '_last' } }],
  'bid-asc': [{ currentPriceCents: 'asc' }],
  'bid-desc': [{ currentPriceCents: 'desc' }],
};

const keywordWithLowercase = { type: 'keyword', fields: { lc: { type: 'keyword', normalizer: 'lowercase_keyword' } } };

/** Settings and mappings of one index generation. */
export function lotIndexBody(): Record<string, unknown> {
  return {
    settings: {
      number_of_shards: 1,
      number_of_replicas: 0,
      analysis: {
        normalizer: { lowercase_keyword: { type: 'custom', filter: ['lowercase', 'asciifolding'] } },
        // Make names, one list with catalogue search (libs/contracts), applied when a document is indexed.
        filter: { make_synonyms: { type: 'synonym', synonyms: [...MAKE_SYNONYMS] } },
        analyzer: {
          lot_text_index: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding', 'make_synonyms'] },
          lot_text_search: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
        },
      },
    },
    mappings: {
      dynamic: 'strict',
      properties: {
        id: { type: 'keyword' },
        brand: { type: 'keyword' },
        hosts: { type: 'keyword' },
        status: keywordWithLowercase,
        sellerType: keywordWithLowercase,
        country: keywordWithLowercase,
        make: keywordWithLowercase,
        model: { type: 'keyword', index: false },
        year: keywordWithLowercase,
        title: { type: 'text', analyzer: 'lot_text_index', search_analyzer: 'lot_text_search' },
        description: { type: 'text', index: false },
        userDescription: { type: 'text', index: false },
        searchText: { type: 'text', analyzer: 'lot_text_index', search_analyzer: 'lot_text_search' },
        startPriceCents: { type: 'long' },
        topBidCents: { type: 'long' },
        currentPriceCents: { type: 'long' },
        scheduledStart: { type: 'date' },
        finalEnd: { type: 'date' },
        runningEnd: { type: 'date' },
        ended: { type: 'boolean' },
        coverImage: { type: 'keyword', index: false },
        slug: { type: 'keyword' },
        currency: { type: 'keyword' },
        version: { type: 'integer' },
      },
    },
  };
}

/** Fields the index adds to a document for search and sorting; `get` leaves them out. */
type Derived = { searchText: string; runningEnd: string | null; ended: boolean };

function toIndexed(document: LotSearchDocument): LotSearchDocument & Derived {
  const ended = ENDED_STATUSES.includes(document.status);
  const words = [document.title, document.make, document.model, document.year, document.description, document.userDescription];
  return { ...document, searchText: words.filter(Boolean).join(' '), ended, runningEnd: ended ? null : document.finalEnd };
}

function fromIndexed(source: LotSearchDocument & Partial<Derived>): LotSearchDocument {
  const { searchText: _text, runningEnd: _running, ended: _ended, ...document } = source;
  return document;
}

/**
 * The search index in OpenSearch (issue 22): one index generation behind the alias
 * `<prefix>-lots`. Every word of the query must match, as a prefix or within the edit distance of
 * `fuzziness: AUTO` ("porshe" finds Porsche); make synonyms are indexed with the documents. Facets
 * are disjunctive like PostgreSQL's: each facet's counts apply every filter but its own (filter
 * aggregations), and the hits take all filters (post_filter).
 *
 * A rebuild (the processor replaying the log from its start) fills a fresh generation behind a
 * second alias, `<prefix>-lots-building`, while searches keep reading the old one; once the log is
 * exhausted one alias request moves `<prefix>-lots` to it and the old generation is deleted. The
 * building alias is the rebuild's state: whichever instance leads the processor next finds it.
 * Writes ignore the caller's transaction: each is a whole-document replace under the lot's stream
 * version (`external_gte`), so a replayed batch changes nothing and an older document never
 * overwrites a newer one (docs/decisions.md "Auction search rebuilds through the alias").
 */
export class OpenSearchSearchIndex implements SearchIndex {
  readonly alias: string;
  readonly buildingAlias: string;
  /** Where the processor's reads and writes go: the building alias during a rebuild. */
  private target: string;

  constructor(
    private readonly client: Client,
    prefix: string,
  ) {
    this.alias = `${prefix}-lots`;
    this.buildingAlias = `${this.alias}-building`;
    this.target = this.alias;
  }

  /** Creates the first generation and its alias when the alias does not exist yet. */
  async ensure(): Promise<void> {
    const exists = await this.client.indices.existsAlias({ name: this.alias });
    if (exists.body) return;
    await this.client.indices.create({ index: this.generationName(), body: { ...lotIndexBody(), aliases: { [this.alias]: {} } } as never });
  }

  async beginBatch(fromStart: boolean): Promise<{ rebuilding: boolean }> {
    if (fromStart) await this.startGeneration();
    const rebuilding = fromStart || (await this.client.indices.existsAlias({ name: this.buildingAlias })).body === true;
    this.target = rebuilding ? this.buildingAlias : this.alias;
    return { rebuilding };
  }

  async endBatch(atHead: boolean): Promise<void> {
    if (this.target !== this.buildingAlias || !atHead) return;
    await this.switchToBuilding();
  }

  /** Zero-downtime re-index of given documents (tests, tools): a fresh generation, then the alias switch. */
  async rebuild(documents: AsyncIterable<LotSearchDocument[]> | Iterable<LotSearchDocument[]>): Promise<string> {
    await this.beginBatch(true);
    for await (const batch of documents) await this.upsert(batch);
    return this.switchToBuilding();
  }

  /** Documents searches see (after a refresh, so the rebuild report counts every write). */
  async count(): Promise<number> {
    await this.refresh();
    const response = await this.client.count({ index: this.alias });
    return Number((response.body as { count: number }).count);
  }

  /** Makes written documents searchable now instead of at the next periodic refresh. */
  async refresh(): Promise<void> {
    await this.client.indices.refresh({ index: this.alias });
  }

  async get(ids: string[]): Promise<Map<string, LotSearchDocument>> {
    if (ids.length === 0) return new Map();
    const response = await this.client.mget({ index: this.target, body: { ids } });
    const docs = (response.body.docs ?? []) as Array<{ found?: boolean; _source?: LotSearchDocument }>;
    return new Map(docs.filter((doc) => doc.found && doc._source).map((doc) => [doc._source!.id, fromIndexed(doc._source!)]));
  }

  async upsert(documents: LotSearchDocument[]): Promise<void> {
    await this.bulk(documents.map((document) => ({ index: document })));
  }

  async remove(ids: string[]): Promise<void> {
    await this.bulk(ids.map((id) => ({ delete: id })));
  }

  private generationName(): string {
    return `${this.alias}-${Date.now()}-${randomBytes(3).toString('hex')}`;
  }

  private async indicesOf(alias: string): Promise<string[]> {
    const response = await this.client.indices.getAlias({ name: alias }).catch(() => ({ body: {} }));
    return Object.keys(response.body as Record<string, unknown>);
  }

  /** A fresh generation behind the building alias; a rebuild that was under way is dropped (it starts over). */
  private async startGeneration(): Promise<void> {
    const abandoned = await this.indicesOf(this.buildingAlias);
    if (abandoned.length > 0) await this.client.indices.delete({ index: abandoned.join(',') });
    await this.client.indices.create({
      index: this.generationName(),
      body: { ...lotIndexBody(), aliases: { [this.buildingAlias]: {} } } as never,
    });
  }

  /** One alias request: the live alias moves to the built generation, the building alias goes; then the old generation is deleted. */
  private async switchToBuilding(): Promise<string> {
    const [generation] = await this.indicesOf(this.buildingAlias);
    if (!generation) throw new Error(`OpenSearch: no index behind ${this.buildingAlias} to switch to`);
    await this.client.indices.refresh({ index: generation });
    const previous = (await this.indicesOf(this.alias)).filter((index) => index !== generation);
    await this.client.indices.updateAliases({
      body: {
        actions: [
          ...previous.map((index) => ({ remove: { index, alias: this.alias } })),
          { remove: { index: generation, alias: this.buildingAlias } },
          { add: { index: generation, alias: this.alias } },
        ],
      },
    });
    if (previous.length > 0) await this.client.indices.delete({ index: previous.join(',') });
    this.target = this.alias;
    return generation;
  }

  private async bulk(actions: Array<{ index: LotSearchDocument } | { delete: string }>): Promise<void> {
    if (actions.length === 0) return;
    const index = this.target;
    const body = actions.flatMap<object>((action) =>
      'index' in action
        ? [
            { index: { _index: index, _id: action.index.id, version: action.index.version, version_type: 'external_gte' } },
            toIndexed(action.index),
          ]
        : [{ delete: { _index: index, _id: action.delete } }],
    );
    const response = await this.client.bulk({ body: body as never });
    if (response.body.errors) {
      // 404: deleting what is gone; 409: a newer version is already stored (the guard did its job).
      const failed = (response.body.items as Array<Record<string, { status: number; error?: unknown }>>)
        .map((item) => Object.values(item)[0]!)
        .filter((item) => item.error && item.status !== 404 && item.status !== 409);
      if (failed.length > 0) throw new Error(`OpenSearch bulk write failed: ${JSON.stringify(failed[0]!.error)}`);
    }
  }

  async search(params: SearchParams): Promise<SearchResult> {
    const filters = facetFilters(params);
    const others = (except: SearchFacetName | null) =>
      [...filters.entries()].filter(([name]) => name !== except).map(([, clause]) => clause);
    const aggregations = Object.fromEntries(
      SEARCH_FACETS.map((name, index) => [
        `facet_${index}`,
        {
          filter: { bool: { filter: others(name) } },
          aggs: {
            values: { terms: { field: FACET_FIELDS[name], size: MAX_FACET_VALUES, order: [{ _count: 'desc' }, { _key: 'asc' }] } },
          },
        },
      ]),
    );
    const response = await this.client.search({
      index: this.alias,
      body: {
        query: baseQuery(params),
        post_filter: { bool: { filter: others(null) } },
        aggs: aggregations,
        sort: [...SORTS[params.sortBy], { _score: 'desc' }, { id: 'asc' }],
        from: (params.page - 1) * params.hitsPerPage,
        size: params.hitsPerPage,
        track_total_hits: true,
        _source: false,
        ...titleHighlight(params),
      } as never,
    });
    const body = response.body as unknown as {
      hits: { total: { value: number }; hits: Array<{ _id: string; highlight?: { title?: string[] } }> };
      aggregations: Record<string, { values: { buckets: Array<{ key: string; doc_count: number }> } }>;
    };
    const facets: SearchFacet[] = SEARCH_FACETS.map((name, index) => ({
      name,
      values: body.aggregations[`facet_${index}`]!.values.buckets.map((bucket) => ({ value: bucket.key, count: bucket.doc_count })),
    }));
    const highlights: SearchResult['highlights'] = {};
    for (const hit of body.hits.hits) {
      const segments = hit.highlight?.title?.[0] === undefined ? null : highlightSegments(hit.highlight.title[0]);
      if (segments) highlights[hit._id] = segments;
    }
    return { ids: body.hits.hits.map((hit) => hit._id), nbHits: body.hits.total.value, facets, highlights };
  }
}

/**
 * Clauses one query word matches `field` with: as a prefix ("porsc"), or fuzzily ("porshe"). A word
 * with digits is never fuzzy: "911" must not find the 914s, nor "250" the 280s.
 */
const wordClauses = (field: string, word: string, boost = 1): object[] => [
  { prefix: { [field]: { value: word } } },
  { match: { [field]: { query: word, fuzziness: /\p{N}/u.test(word) ? 0 : 'AUTO', prefix_length: 1, boost } } },
];

/**
 * The whole title (one fragment of it all), the words the query matched there between the shared
 * markers; its own query so a word matched only in the description marks nothing in the title.
 */
function titleHighlight(params: SearchParams): object {
  const words = params.query === null ? [] : searchWords(params.query);
  if (words.length === 0) return {};
  return {
    highlight: {
      pre_tags: [HIGHLIGHT_START],
      post_tags: [HIGHLIGHT_END],
      fields: {
        title: {
          type: 'unified',
          number_of_fragments: 0,
          highlight_query: { bool: { should: words.flatMap((word) => wordClauses('title', word)) } },
        },
      },
    },
  };
}

/** The brand's visible lots and the text: what every facet count starts from. */
function baseQuery(params: SearchParams): object {
  const words = params.query === null ? [] : searchWords(params.query);
  return {
    bool: {
      filter: [{ bool: { should: [{ term: { brand: params.brand } }, { term: { hosts: params.brand } }], minimum_should_match: 1 } }],
      must_not: [{ terms: { status: [...SEARCH_EXCLUDED_STATUSES] } }],
      // Every word must match: as a prefix ("porsc"), or fuzzily ("porshe"); the title counts most.
      must: words.map((word) => ({
        bool: {
          should: [...wordClauses('searchText', word), wordClauses('title', word, 3)[1]!],
          minimum_should_match: 1,
        },
      })),
    },
  };
}

function facetFilters(params: SearchParams): Map<SearchFacetName, object> {
  const filters = new Map<SearchFacetName, object>();
  for (const name of SEARCH_FACETS) {
    const values = params.filters[name];
    if (values.length > 0) filters.set(name, { terms: { [`${FACET_FIELDS[name]}.lc`]: values.map((value) => value.toLowerCase()) } });
  }
  return filters;
}
