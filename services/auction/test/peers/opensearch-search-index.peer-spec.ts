import { randomBytes } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenSearch, type RunningOpenSearch } from '../../../../scripts/peers/opensearch.mjs';
import { OpenSearchSearchIndex } from '../../src/search/opensearch-search-index';
import { searchIndexSuite, suiteDocument, suiteParams } from '../../src/search/search-index.suite';

/**
 * The OpenSearch adapter on a real single-node OpenSearch (scripts/peers/opensearch.mjs, started
 * once for this file): the shared search suite every adapter passes, then what only a search
 * engine does — typo tolerance, make synonyms, and the alias switch of a re-index (issue 22).
 */
let node: RunningOpenSearch;
const noTransaction = { query: async () => [] };

beforeAll(async () => {
  node = await startOpenSearch();
});
afterAll(async () => {
  await node?.close();
});

async function openIndex(): Promise<{ index: OpenSearchSearchIndex; client: Client }> {
  const client = new Client({ node: node.url });
  const index = new OpenSearchSearchIndex(client, `test-${randomBytes(4).toString('hex')}`);
  await index.ensure();
  return { index, client };
}

searchIndexSuite('OpenSearch', async () => {
  const { index, client } = await openIndex();
  return {
    index,
    writer: noTransaction,
    // An empty generation behind the alias (delete-by-query is a module this node does not load).
    clear: async () => void (await index.rebuild([])),
    settle: () => index.refresh(),
    close: () => client.close(),
  };
});

describe('OpenSearch search adapter: what a search engine adds', () => {
  let index: OpenSearchSearchIndex;
  let client: Client;
  beforeAll(async () => {
    ({ index, client } = await openIndex());
  });
  afterAll(async () => {
    await client?.close();
  });

  it('"porshe 911" finds the Porsche 911 lots, and only them', async () => {
    const rsr = suiteDocument({ title: 'Porsche 911 Carrera RSR' });
    const targa = suiteDocument({ title: '1972 Porsche 911 Targa', model: '911 Targa' });
    const boxster = suiteDocument({ title: 'Porsche Boxster S', model: 'Boxster' });
    const lola = suiteDocument({ title: 'Lola T70', make: 'Lola', model: 'T70' });
    await index.upsert([rsr, targa, boxster, lola]);
    await index.refresh();
    const result = await index.search(suiteParams({ query: 'porshe 911' }));
    expect([...result.ids].sort()).toEqual([rsr.id, targa.id].sort());
  });

  it('make synonyms work both ways: VW and Volkswagen, Merc and Mercedes-Benz', async () => {
    const beetle = suiteDocument({ title: 'VW Beetle 1303', make: 'VW', model: 'Beetle' });
    const golf = suiteDocument({ title: 'Volkswagen Golf GTI', make: 'Volkswagen', model: 'Golf' });
    const gullwing = suiteDocument({ title: 'Mercedes-Benz 300 SL Gullwing', make: 'Mercedes-Benz', model: '300 SL' });
    await index.upsert([beetle, golf, gullwing]);
    await index.refresh();
    const found = async (query: string) => [...(await index.search(suiteParams({ query }))).ids].sort();
    expect(await found('volkswagen')).toEqual([beetle.id, golf.id].sort());
    expect(await found('vw')).toEqual([beetle.id, golf.id].sort());
    expect(await found('merc 300')).toEqual([gullwing.id]);
    expect(await found('mercedes-benz gullwing')).toEqual([gullwing.id]);
  });

  it('a rebuild fills a new generation and switches the alias: searches see the new documents, the old index is gone', async () => {
    const before = await client.indices.getAlias({ name: index.alias });
    const [old] = Object.keys(before.body as Record<string, unknown>);
    const only = suiteDocument({ title: 'Ferrari 312T', make: 'Ferrari' });
    const generation = await index.rebuild([[only]]);
    expect(generation).not.toBe(old);
    const after = await client.indices.getAlias({ name: index.alias });
    expect(Object.keys(after.body as Record<string, unknown>)).toEqual([generation]);
    expect((await client.indices.exists({ index: old! })).body).toBe(false);
    expect((await index.search(suiteParams())).ids).toEqual([only.id]);
  });
});
