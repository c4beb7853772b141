import type { IncomingHttpHeaders } from 'node:http';
import { HeaderMap, type ApolloServer, type BaseContext } from '@apollo/server';
import type { ApolloDriver } from '@nestjs/apollo';
import type { INestApplication } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import type { FormattedExecutionResult } from 'graphql';
import type { PlatformRequest } from '../context/platform-request';
import type { RequestContextAnswer } from '../context/request-context.middleware';

/** The body of a GraphQL request over HTTP. */
export interface GraphqlRequestBody {
  query?: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  extensions?: Record<string, unknown>;
}

/** A subgraph request as the gateway's data source would send it over HTTP, its body not yet encoded. */
export interface InProcessGraphqlRequest {
  /** The subgraph's URL (its host stands in for the Host header, its path for the request path). */
  url: string;
  headers: Record<string, string>;
  body: GraphqlRequestBody;
}

/**
 * What the subgraph's HTTP endpoint would have answered: the GraphQL result as an object (`result`),
 * or, when the request-context middleware answered itself (an unknown brand), its text (`text`).
 */
export interface InProcessGraphqlAnswer {
  status: number;
  headers: Record<string, string>;
  result?: FormattedExecutionResult;
  text?: string;
}

/** A subgraph of this process, called without HTTP (docs/decisions.md, "The gateway runs its subgraphs' operations in process"). */
export type InProcessGraphql = (request: InProcessGraphqlRequest) => Promise<InProcessGraphqlAnswer>;

type Middleware = (req: PlatformRequest, res: RequestContextAnswer, next: (error?: unknown) => void) => void;

const LOOPBACK = '127.0.0.1';
const middlewares = new WeakMap<object, Middleware>();

/** createServiceApp records the request-context middleware of each app here, so the in-process path runs that very one. */
export function rememberRequestContextMiddleware(app: object, middleware: Middleware): void {
  middlewares.set(app, middleware);
}

/**
 * Runs the service's GraphQL operations in process: what the gateway would POST to `/graphql` goes
 * through the same request-context middleware (brand, correlation id, token, account status) and
 * then Apollo's `executeOperation` on the subgraph's own server, with the context its HTTP
 * integration builds (`{ req }`: the access guard, `@CurrentUser()` and `@CurrentBrand()` read
 * it), so parsing, validation, resolvers, guards, plugins and `formatError` are the ones an HTTP
 * request meets. What is skipped is the HTTP layer itself: the connection, Node's HTTP parser,
 * Express's router and body parser, the subgraph's access-log line and HTTP metrics (the gateway
 * logs and times the client's request). A request the middleware answers itself (an unknown brand)
 * gets that answer, as over HTTP.
 */
export function inProcessGraphqlOf(app: INestApplication): InProcessGraphql {
  const middleware = middlewares.get(app);
  if (!middleware) throw new Error('inProcessGraphqlOf: the application was not created by createServiceApp');
  const apollo = app.get<GraphQLModule<ApolloDriver>>(GraphQLModule, { strict: false }).graphQlAdapter
    .instance as ApolloServer<BaseContext>;
  // The gateway calls with the subgraph's one URL: parsed once, not on every request.
  const urls = new Map<string, URL>();
  const parsed = (href: string): URL => {
    let url = urls.get(href);
    if (!url) urls.set(href, (url = new URL(href)));
    return url;
  };
  return (request) =>
    new Promise<InProcessGraphqlAnswer>((resolve, reject) => {
      const url = parsed(request.url);
      const headers: IncomingHttpHeaders = { host: url.host };
      for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
      const answerHeaders: Record<string, string> = {};
      const head: RequestContextAnswer = {
        statusCode: 200,
        setHeader(name, value) {
          answerHeaders[name.toLowerCase()] = value;
        },
        end(body) {
          resolve({ status: head.statusCode, headers: answerHeaders, text: body });
        },
      };
      const req = {
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        originalUrl: `${url.pathname}${url.search}`,
        headers,
        ip: LOOPBACK,
        socket: { remoteAddress: LOOPBACK },
      } as unknown as PlatformRequest;
      middleware(req, head, (error) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        // Inside the middleware's request context: resolvers and commands see its brand, user and correlation id.
        execute(apollo, req, request.body, answerHeaders).then(resolve, reject);
      });
    });
}

async function execute(
  apollo: ApolloServer<BaseContext>,
  req: PlatformRequest,
  body: GraphqlRequestBody,
  answerHeaders: Record<string, string>,
): Promise<InProcessGraphqlAnswer> {
  const http = { method: 'POST', headers: new HeaderMap(Object.entries(req.headers) as Array<[string, string]>), search: '', body };
  const response = await apollo.executeOperation(
    { query: body.query, variables: body.variables, operationName: body.operationName, extensions: body.extensions, http },
    { contextValue: { req } },
  );
  const headers: Record<string, string> = { ...answerHeaders, 'content-type': 'application/json; charset=utf-8' };
  for (const [name, value] of response.http.headers) headers[name] = value;
  // The subgraphs answer single results (no @defer or @stream in their schemas).
  const result: FormattedExecutionResult =
    response.body.kind === 'single' ? response.body.singleResult : { errors: [{ message: 'Incremental delivery is not supported.' }] };
  return { status: response.http.status ?? 200, headers, result };
}
