// A small client of the marketplace's public GraphQL endpoint (POST <target>/graphql with x-brand
// and an optional bearer token), for `npm run seed:load`. Needs nothing but Node's fetch: a load
// tester runs it against a deployment without building the server.

/** A GraphQL error answer: `code` is extensions.code (the spec's error ids), `status` the HTTP status. */
export class ApiError extends Error {
  constructor(message, { code = null, status = 200 } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

const RETRIES = 6;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Rate limited by the gateway (per second, not the sign-up window): worth waiting and retrying. */
function retryable(status, code) {
  return status === 429 && code !== 'Auth.form.error.tooManyAttempts';
}

/** `call(query, variables, token)` answers `data` or throws ApiError; 429s are retried with backoff. */
export function publicApi({ target, brand }) {
  async function call(query, variables = {}, token = null) {
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(`${target}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-brand': brand, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const text = await response.text();
      let body = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      const first = body?.errors?.[0];
      const code = first?.extensions?.code ?? null;
      if (retryable(response.status, code) && attempt < RETRIES) {
        await sleep(250 * 2 ** attempt);
        continue;
      }
      if (body?.data && !body.errors) return body.data;
      const operation = /(?:mutation|query)\s*(?:\([^)]*\))?\s*\{\s*(\w+)/.exec(query)?.[1] ?? 'request';
      throw new ApiError(`${operation}: ${first?.message ?? `HTTP ${response.status} ${text.slice(0, 200)}`}`, {
        code,
        status: response.status,
      });
    }
  }
  return { target, brand, call };
}

/** Runs `work(item, index)` over `items`, `concurrency` at a time; answers the results in order. */
export async function mapConcurrently(items, concurrency, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}
