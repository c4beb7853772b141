import { describe, expect, it } from 'vitest';
import type { InProcessGraphqlRequest } from '@trackside/platform';
import { inProcessFetcher } from './in-process-subgraph';

describe('inProcessFetcher (the gateway → subgraph call inside the all-in-one)', () => {
  it('hands the executor the URL, headers and body, and makes a fetch Response of its status, headers and body', async () => {
    const seen: InProcessGraphqlRequest[] = [];
    const fetcher = inProcessFetcher(async (request) => {
      seen.push(request);
      return { status: 200, headers: { 'content-type': 'application/json', 'x-correlation-id': 'c-1' }, body: '{"data":{"ok":true}}' };
    }, 1000);
    const response = await fetcher('http://127.0.0.1:4001/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t', 'x-brand': 'trackside' },
      body: JSON.stringify({ query: '{ ok }' }),
    });
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-correlation-id')).toBe('c-1');
    expect(await response.json()).toEqual({ data: { ok: true } });
    expect(seen).toEqual([
      {
        url: 'http://127.0.0.1:4001/graphql',
        headers: { 'content-type': 'application/json', authorization: 'Bearer t', 'x-brand': 'trackside' },
        body: '{"query":"{ ok }"}',
      },
    ]);
  });

  it('keeps a refusal’s status (the data source turns it into its error), answers 204 with no body, and fails an answer slower than its bound', async () => {
    const refused = await inProcessFetcher(
      async () => ({ status: 400, headers: {}, body: '{"code":"brand.invalid"}' }),
      1000,
    )('http://x/graphql');
    expect(refused.ok).toBe(false);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ code: 'brand.invalid' });
    const empty = await inProcessFetcher(async () => ({ status: 204, headers: {}, body: 'ignored' }), 1000)('http://x/graphql');
    expect(await empty.text()).toBe('');
    const slow = inProcessFetcher(() => new Promise(() => undefined), 50);
    await expect(slow('http://x/graphql', { body: '{}' })).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
