import type { InProcessGraphql } from '@trackside/platform';

/** What Apollo's RemoteGraphQLDataSource passes its fetcher (a plain header record, a string body). */
export interface SubgraphFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * A fetcher for a subgraph in the same process (docs/decisions.md, "The gateway runs its subgraphs'
 * operations in process"): the data source's request goes to the subgraph's own executor
 * (libs/platform/src/graphql/in-process-graphql.ts: its request-context middleware, then Apollo's
 * `executeOperation` on its server) as a function call, with no connection, HTTP parser or
 * router in between. Bounded like the HTTP fetch: an answer slower than `timeoutMs` fails with
 * the same TimeoutError, so a slow plan step answers an error, not a hang.
 */
export function inProcessFetcher(execute: InProcessGraphql, timeoutMs: number) {
  return (input: string, init: SubgraphFetchInit = {}): Promise<Response> => {
    const headers = { ...(init.headers ?? {}) };
    const body = init.body === undefined ? '' : String(init.body);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), timeoutMs);
    });
    const answer = execute({ url: input, headers, body }).then(
      ({ status, headers: answerHeaders, body: answerBody }) =>
        new Response(status === 204 || status === 304 ? null : answerBody, { status, headers: answerHeaders }),
    );
    return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
  };
}
