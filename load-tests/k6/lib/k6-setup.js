// k6 setup() work shared by the two scripts, through the public GraphQL API only: signing the
// seeded bidders in (TOKEN_SOURCE=sign-in) and reading where each lot's bidding stands, so a run
// on lots an earlier run already bid on starts above their top bid instead of being refused.
import http from 'k6/http';

function graphql(target, brand, query, variables, token) {
  const response = http.post(`${target}/graphql`, JSON.stringify({ query, variables }), {
    headers: { 'content-type': 'application/json', 'x-brand': brand, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    tags: { name: 'setup' },
  });
  let body = null;
  try {
    body = response.json();
  } catch {
    body = null;
  }
  if (response.status !== 200 || !body || body.errors) {
    throw new Error(`setup: ${query.slice(0, 40)}… answered ${response.status} ${JSON.stringify(body?.errors ?? body)}`);
  }
  return body.data;
}

/** One JWT per credential, signed in with loginUser (the same mutation the site uses). */
export function signIn(target, brand, credentials) {
  return credentials.map(({ email, password }) => {
    const data = graphql(target, brand, 'mutation($e: String, $p: String) { loginUser(email: $e, password: $p) { jwt } }', {
      e: email,
      p: password,
    });
    if (!data.loginUser?.jwt) throw new Error(`setup: ${email} signed in without a token (email not confirmed?)`);
    return data.loginUser.jwt;
  });
}

/** The brand's smallest bid step (`bidMinimumIncrement`), at least 1: each VU's amounts rise by it. */
export function bidStep(target, brand, setting) {
  if (setting !== undefined && setting !== '' && setting !== 'auto') return Number(setting);
  const data = graphql(target, brand, 'query { configurationByBrand { auctionConfiguration { bidMinimumIncrement } } }', {});
  return Math.max(1, Math.ceil(data.configurationByBrand.auctionConfiguration.bidMinimumIncrement));
}

/**
 * The first amount to bid on each of `lots`: START_AMOUNT when it is a number, else ("auto") one
 * step above the lot's current top bid (one step on a lot without bids). Only LIVE lots are usable.
 */
export function startAmounts(target, brand, lots, setting, step) {
  if (setting !== undefined && setting !== '' && setting !== 'auto') return lots.map(() => Number(setting));
  return lots.map((id) => {
    const { auction } = graphql(target, brand, 'query($id: ID!) { auction(id: $id) { status topBidAmount } }', { id });
    if (!auction) throw new Error(`setup: lot ${id} not found on ${target} (brand ${brand})`);
    if (auction.status !== 'LIVE') throw new Error(`setup: lot ${id} is ${auction.status}, not LIVE`);
    return Math.floor(auction.topBidAmount ?? 0) + step;
  });
}

/** setup() of both scripts: tokens (signed in here with TOKEN_SOURCE=sign-in), the used lots, their first amounts, the step. */
export function prepareRun(run, vus, env) {
  const lots = run.lots.slice(0, Math.min(run.lots.length, vus));
  const tokens = run.tokenSource === 'sign-in' ? signIn(run.target, run.brand, run.credentials) : run.tokens;
  const step = bidStep(run.target, run.brand, env.BID_STEP);
  return { tokens, lots, step, amounts: startAmounts(run.target, run.brand, lots, env.START_AMOUNT, step) };
}
