// Closed-loop GraphQL commands on one lot for bench:live's proxy phase (issue 21: "a burst of
// competing maxima on a hot lot must not cost more than the equivalent manual bids"). setMaxBid
// has no socket event, so both the maxima and the manual bids they are compared with go through
// POST /graphql here, each bidder with its own token.
import { summarize } from './socket-driver.mjs';

const SET_MAX_BID = `mutation SetMaxBid($auction: ID!, $amount: Float!) {
  setMaxBid(input: { auction: $auction, amount: $amount }) { maxBid { maximum highBidder } }
}`;
const CREATE_BID = `mutation CreateBid($auction: ID!, $amount: Float!) {
  createBid(input: { data: { auction: $auction, amount: $amount } }) { bid { id } }
}`;

export const GRAPHQL_COMMANDS = { setMaxBid: SET_MAX_BID, createBid: CREATE_BID };

/**
 * Every token sends `command` on `lotId` in a closed loop for `durationMs` after `warmupMs`; the
 * amounts rise by 1.00 from one counter shared by every bidder (competing maxima, or competing
 * manual bids). Answers the accepted commands per second, the refusals by code and the latency.
 */
export async function graphqlStorm({ target, brand, tokens, lotId, command, durationMs, warmupMs = 1000 }) {
  const latencies = [];
  const codes = new Map();
  let accepted = 0;
  let rejected = 0;
  let failed = 0;
  let counting = false;
  let stop = false;
  let amount = 0;
  const once = async (token) => {
    amount += 1;
    const started = performance.now();
    let body;
    try {
      const response = await fetch(`${target}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-brand': brand, authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: GRAPHQL_COMMANDS[command], variables: { auction: lotId, amount } }),
      });
      body = await response.json();
    } catch {
      if (counting) failed += 1;
      return;
    }
    if (!counting) return;
    latencies.push(performance.now() - started);
    if (body?.data && !body.errors) accepted += 1;
    else {
      rejected += 1;
      const code = body?.errors?.[0]?.extensions?.code ?? 'unknown';
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
  };
  const loops = tokens.map(async (token) => {
    while (!stop) await once(token);
  });
  await new Promise((done) => setTimeout(done, warmupMs));
  counting = true;
  const started = performance.now();
  await new Promise((done) => setTimeout(done, durationMs));
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  return {
    command,
    seconds: Math.round(seconds * 100) / 100,
    accepted,
    rejected,
    failed,
    acceptedPerSecond: Math.round(accepted / seconds),
    rejections: Object.fromEntries(codes),
    latencyMs: summarize(latencies),
  };
}
