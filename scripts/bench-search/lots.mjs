// The auction part of `npm run bench:search`: 20,000 lots appended to the log in bulk, indexed by
// the search processor's own batch code (handleSearchBatch) on PostgreSQL and on OpenSearch, then
// search latencies, then the indexing rate while a bid load runs.
import { BRAND, bidEvent, lotHistory, seeded } from './fixtures.mjs';
import { AUCTION_QUERIES, auctionParams, latencies, summary } from './measure.mjs';

const CHUNK = 500;
const delay = (ms) => new Promise((done) => setTimeout(done, ms));

/** Appends every lot's history, CHUNK streams per round trip; answers the live lots and the event count. */
export async function seedLots(store, count) {
  const random = seeded(22);
  const now = Date.now();
  const live = [];
  let events = 0;
  const started = performance.now();
  for (let first = 0; first < count; first += CHUNK) {
    const requests = [];
    for (let n = first; n < Math.min(count, first + CHUNK); n += 1) {
      const lot = lotHistory(random, crypto.randomUUID(), now);
      requests.push(lot.request);
      events += lot.request.events.length;
      if (lot.live) live.push({ streamId: lot.request.streamId, topCents: lot.topCents });
    }
    const results = await store.appendMany(requests);
    const failed = results.find((result) => result instanceof Error);
    if (failed) throw failed;
  }
  const ms = performance.now() - started;
  return {
    live,
    seed: {
      lots: count,
      events,
      liveLots: live.length,
      seconds: Math.round(ms / 100) / 10,
      eventsPerSecond: Math.round(events / (ms / 1000)),
    },
  };
}

/** One checkpointed processor per engine, each on its own checkpoint row, running the production batch code. */
export function searchProcessors(es, search, indexes) {
  return Object.fromEntries(
    Object.entries(indexes).map(([engine, index]) => {
      const processorName = `bench-search-${engine}`;
      const source = { processorName, filter: search.AUCTION_SEARCH_FILTER };
      const definition = es.defineProcessor({
        name: processorName,
        filter: search.AUCTION_SEARCH_FILTER,
        mode: 'checkpointed',
        batchSize: 500,
        handle: (batch, tx) => search.handleSearchBatch(index, batch, tx, source),
      });
      return [engine, definition];
    }),
  );
}

/** Catch-up from an empty index, one engine after the other (each alone on the machine). */
export async function catchUp(host, processors, indexes, events) {
  const results = {};
  for (const [engine, definition] of Object.entries(processors)) {
    const started = performance.now();
    await host.start([definition]);
    await definition.runtime.caughtUp();
    const seconds = (performance.now() - started) / 1000;
    results[engine] = {
      seconds: Math.round(seconds * 10) / 10,
      eventsPerSecond: Math.round(events / seconds),
      documents: await indexes[engine].count(),
    };
  }
  return results;
}

export async function auctionLatencies(indexes, settings) {
  return latencies(
    Object.keys(indexes),
    AUCTION_QUERIES,
    settings,
    async (engine, args) => (await indexes[engine].search(auctionParams(BRAND, args))).nbHits,
  );
}

/**
 * Bids at `rate` per second on random live lots for `seconds`, both processors following the log;
 * meanwhile each engine answers a text search and the default list in a loop. Then waits until
 * both have indexed every bid. Per engine: bids indexed per second over the window, the delay from
 * append to the committed batch, the drain time after the load stopped, search latencies under load.
 */
export async function indexingUnderBids(store, processors, indexes, live, { rate, seconds }) {
  const random = seeded(2026);
  const appendedAt = performance.now();
  const indexed = Object.fromEntries(Object.keys(processors).map((engine) => [engine, { count: 0, inWindow: 0, lags: [], lastAt: 0 }]));
  let windowOpen = true;
  // Bids of the load only (the seed's bids were indexed during catch-up).
  const loadStartedAt = Date.now() - 5;
  const unsubscribe = Object.entries(processors).map(([engine, definition]) =>
    definition.runtime.onCommitted((events) => {
      const state = indexed[engine];
      const now = Date.now();
      for (const event of events) {
        if (event.type !== 'BidPlaced' || event.createdAt.getTime() < loadStartedAt) continue;
        state.count += 1;
        if (windowOpen) state.inWindow += 1;
        state.lags.push(now - event.createdAt.getTime());
        state.lastAt = performance.now();
      }
    }),
  );
  const searching = searchLoop(indexes, () => windowOpen);
  let appended = 0;
  const tickMs = 50;
  const perTick = Math.max(1, Math.round((rate * tickMs) / 1000));
  const endAt = performance.now() + seconds * 1000;
  while (performance.now() < endAt) {
    const tickStarted = performance.now();
    const byStream = new Map();
    for (let n = 0; n < perTick; n += 1) {
      const lot = live[Math.floor(random() * live.length)];
      lot.topCents += 10_000;
      byStream.set(lot.streamId, [...(byStream.get(lot.streamId) ?? []), bidEvent(lot.topCents)]);
    }
    await store.appendMany([...byStream].map(([streamId, events]) => ({ streamId, events, expectedVersion: 'any' })));
    appended += perTick;
    await delay(Math.max(0, tickMs - (performance.now() - tickStarted)));
  }
  const windowSeconds = (performance.now() - appendedAt) / 1000;
  windowOpen = false;
  const underLoad = await searching;
  const stoppedAt = performance.now();
  const deadline = stoppedAt + 120_000;
  while (Object.values(indexed).some((state) => state.count < appended) && performance.now() < deadline) await delay(100);
  for (const stop of unsubscribe) stop();
  return {
    bidsAppended: appended,
    appendedPerSecond: Math.round(appended / windowSeconds),
    seconds: Math.round(windowSeconds * 10) / 10,
    engines: Object.fromEntries(
      Object.entries(indexed).map(([engine, state]) => [
        engine,
        {
          indexed: state.count,
          indexedPerSecondDuringLoad: Math.round(state.inWindow / windowSeconds),
          drainMsAfterLoad: state.count >= appended ? Math.max(0, Math.round(state.lastAt - stoppedAt)) : null,
          lag: summary(state.lags),
          searchUnderLoad: underLoad[engine],
        },
      ]),
    ),
  };
}

/** Each engine in turn answers "porsche 911" and the default list until `running()` turns false. */
async function searchLoop(indexes, running) {
  const samples = Object.fromEntries(Object.keys(indexes).map((engine) => [engine, []]));
  const queries = [auctionParams(BRAND, { query: 'porsche 911' }), auctionParams(BRAND)];
  for (let n = 0; running(); n += 1)
    for (const [engine, index] of Object.entries(indexes)) {
      const started = performance.now();
      await index.search(queries[n % 2]);
      samples[engine].push(performance.now() - started);
    }
  return Object.fromEntries(Object.entries(samples).map(([engine, list]) => [engine, summary(list)]));
}
