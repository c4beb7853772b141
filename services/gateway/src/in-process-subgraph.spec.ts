import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { describe, expect, it } from 'vitest';
import type { InProcessGraphql, InProcessGraphqlRequest } from '@trackside/platform';
import { InProcessDataSource } from './in-process-subgraph';

interface Context {
  forwarded?: Record<string, string>;
}

function planFetch(query: string, forwarded: Record<string, string> = {}): GraphQLDataSourceProcessOptions<Context> {
  return {
    kind: 'incoming operation',
    request: { query, variables: { a: 1 }, operationName: 'Op' },
    context: { forwarded },
    incomingRequestContext: {} as never,
  } as GraphQLDataSourceProcessOptions<Context>;
}

describe('InProcessDataSource (the gateway → subgraph call inside the all-in-one)', () => {
  it('hands the executor the URL, the headers an HTTP fetch would carry and the request, and answers its result', async () => {
    const seen: InProcessGraphqlRequest[] = [];
    const execute: InProcessGraphql = async (request) => {
      seen.push(request);
      return { status: 200, headers: { 'content-type': 'application/json' }, result: { data: { ok: true } } };
    };
    const source = new InProcessDataSource<Context>('http://127.0.0.1:4001/graphql', execute, 1000);
    const answer = await source.process(
      planFetch('query Op($a: Int) { ok(a: $a) }', { authorization: 'Bearer t', 'x-brand': 'trackside' }),
    );
    expect(answer).toEqual({ data: { ok: true } });
    expect(seen).toEqual([
      {
        url: 'http://127.0.0.1:4001/graphql',
        headers: { 'content-type': 'application/json', authorization: 'Bearer t', 'x-brand': 'trackside' },
        body: { query: 'query Op($a: Int) { ok(a: $a) }', variables: { a: 1 }, operationName: 'Op', extensions: undefined },
      },
    ]);
  });

  it('turns a refusal’s status into the HTTP data source’s error, and fails an answer slower than its bound', async () => {
    const refusing = new InProcessDataSource<Context>(
      'http://x/graphql',
      async () => ({ status: 400, headers: { 'content-type': 'application/json' }, text: '{"code":"brand.invalid"}' }),
      1000,
    );
    await expect(refusing.process(planFetch('{ ok }'))).rejects.toMatchObject({
      message: '400: Bad Request',
      extensions: { response: { status: 400, body: { code: 'brand.invalid' } } },
    });
    const slow = new InProcessDataSource<Context>('http://x/graphql', () => new Promise(() => undefined), 50);
    await expect(slow.process(planFetch('{ ok }'))).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
