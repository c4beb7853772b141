import { STATUS_CODES } from 'node:http';
import { RemoteGraphQLDataSource, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { InProcessGraphql } from '@trackside/platform';

/** A subgraph's answer as the query plan takes it (data, errors, extensions). */
type SubgraphResponse = Awaited<ReturnType<GraphQLDataSource['process']>>;

/** The context fields the data source forwards (services/gateway/src/gateway-server.ts, GatewayContext). */
interface ForwardingContext {
  forwarded?: Record<string, string>;
}

/**
 * The data source of a subgraph in the same process (docs/decisions.md, "The gateway runs its
 * subgraphs' operations in process"): the query plan's fetch goes to the subgraph's own executor
 * (libs/platform/src/graphql/in-process-graphql.ts: its request-context middleware, then Apollo's
 * `executeOperation` on its server) as a function call, with the headers an HTTP fetch would carry
 * (content type, the forwarded Authorization, x-brand, correlation id, language and client
 * address). No connection, no HTTP parser, no JSON encoding of the request or the answer.
 *
 * Answers as `RemoteGraphQLDataSource` does: a 2xx answer's result as it is, any other status as
 * that data source's error for it. Bounded like the HTTP fetch: an answer slower than `timeoutMs`
 * fails with the same TimeoutError, so a slow plan step answers an error, not a hang.
 */
export class InProcessDataSource<TContext extends ForwardingContext = ForwardingContext> implements GraphQLDataSource<TContext> {
  /** Only for its `errorFromResponse`: a refusal reads exactly as over HTTP. */
  private readonly remote: RemoteGraphQLDataSource<TContext>;

  constructor(
    private readonly url: string,
    private readonly execute: InProcessGraphql,
    private readonly timeoutMs: number,
  ) {
    this.remote = new RemoteGraphQLDataSource<TContext>({ url });
  }

  async process(options: GraphQLDataSourceProcessOptions<TContext>): Promise<SubgraphResponse> {
    const { request, context } = options;
    if (!request.query) throw new Error('Missing query');
    const headers: Record<string, string> = {};
    if (request.http?.headers) for (const [name, value] of request.http.headers) headers[name.toLowerCase()] = value;
    headers['content-type'] = 'application/json';
    for (const [name, value] of Object.entries((context as ForwardingContext).forwarded ?? {})) headers[name.toLowerCase()] = value;
    const body = {
      query: request.query,
      variables: request.variables,
      operationName: request.operationName,
      extensions: request.extensions,
    };
    const answer = await this.bounded(this.execute({ url: this.url, headers, body }));
    if (answer.status < 200 || answer.status > 299 || !answer.result) {
      const text = answer.text ?? JSON.stringify(answer.result ?? null);
      throw await this.remote.errorFromResponse(
        new Response(text, { status: answer.status, statusText: STATUS_CODES[answer.status] ?? '', headers: answer.headers }),
      );
    }
    return answer.result as SubgraphResponse;
  }

  private bounded<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), this.timeoutMs);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }
}
