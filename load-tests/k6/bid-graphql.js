// k6: createBid over GraphQL HTTP through the gateway (POST /graphql with the bidder's token and
// x-brand), the path a web client without a socket takes: gateway (federation, limits, header
// forwarding) -> auction subgraph -> command -> event store, then the read-your-writes wait for
// the projection before the answer. Each VU bids on its own lot in a closed loop, ITERATIONS bids
// per VU, stopped after DURATION_S seconds at the latest.
//
// Run by `npm run bench:k6`, or by hand against a running marketplace on this machine:
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e SEED_FILE=/tmp/seed.json load-tests/k6/bid-graphql.js
// SEED_FILE: { "brand": "trackside", "tokens": ["<bidder JWT>", ...], "graphqlLots": ["<LIVE lot id>", ...] }
/* global __ENV, open */ // k6 init-context globals
import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import { assertLoopback } from './lib/socketio.js';

const BASE_URL = assertLoopback(__ENV.BASE_URL || 'http://127.0.0.1:3000');
const seed = JSON.parse(open(__ENV.SEED_FILE));
const VUS = Number(__ENV.VUS || seed.graphqlLots.length);
const ITERATIONS = Number(__ENV.ITERATIONS || 200);
const DURATION_S = Number(__ENV.DURATION_S || 30);
const START_AMOUNT = Number(__ENV.START_AMOUNT || 1);

export const options = {
  scenarios: {
    graphqlBidders: {
      executor: 'per-vu-iterations',
      vus: VUS,
      iterations: ITERATIONS,
      maxDuration: `${DURATION_S}s`,
      gracefulStop: '10s',
    },
  },
  thresholds: {
    // Reported in the summary (and by the exit code); the bench records which held.
    'http_req_duration{name:createBid}': ['p(95)<200', 'p(99)<500'],
    graphql_bid_ms: ['p(99)<500'],
    checks: ['rate>0.99'],
    http_req_failed: ['rate<0.01'],
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

const bidLatency = new Trend('graphql_bid_ms', true);
const bidsAccepted = new Counter('graphql_bids_accepted');
const bidsRejected = new Counter('graphql_bids_rejected');

const MUTATION = 'mutation K6Bid($input: createBidInput!) { createBid(input: $input) { bid { id amount created_at } } }';

// Module scope is per VU: each VU's next amount on its own lot.
let amount = START_AMOUNT;

export default function () {
  const vu = exec.vu.idInTest - 1;
  const lotId = seed.graphqlLots[vu % seed.graphqlLots.length];
  const token = seed.tokens[vu % seed.tokens.length];
  const response = http.post(
    `${BASE_URL}/graphql`,
    JSON.stringify({ query: MUTATION, variables: { input: { data: { auction: lotId, amount } } } }),
    {
      headers: { 'content-type': 'application/json', 'x-brand': seed.brand, authorization: `Bearer ${token}` },
      tags: { name: 'createBid' },
    },
  );
  amount += 1;
  let body = null;
  try {
    body = response.json();
  } catch {
    body = null;
  }
  const ok = check(response, {
    'status 200': (r) => r.status === 200,
    'bid recorded': () => Boolean(body?.data?.createBid?.bid?.id) && !body?.errors,
  });
  bidLatency.add(response.timings.duration);
  if (ok) bidsAccepted.add(1);
  else bidsRejected.add(1, { code: String(body?.errors?.[0]?.extensions?.code ?? response.status) });
}

export function handleSummary(data) {
  const out = {};
  if (__ENV.SUMMARY_FILE) out[__ENV.SUMMARY_FILE] = JSON.stringify(data, null, 2);
  const metric = (name, stat) => data.metrics[name]?.values?.[stat];
  out.stdout = [
    `graphql bids: accepted ${metric('graphql_bids_accepted', 'count') ?? 0} (${metric('graphql_bids_accepted', 'rate')}/s), rejected ${metric('graphql_bids_rejected', 'count') ?? 0}`,
    `createBid ms p50 ${metric('graphql_bid_ms', 'med')} p95 ${metric('graphql_bid_ms', 'p(95)')} p99 ${metric('graphql_bid_ms', 'p(99)')}`,
    `thresholds: ${Object.entries(data.metrics)
      .flatMap(([name, m]) => Object.entries(m.thresholds ?? {}).map(([rule, r]) => `${name} ${rule} ${r.ok ? 'ok' : 'CROSSED'}`))
      .join('; ')}`,
    '',
  ].join('\n');
  return out;
}
