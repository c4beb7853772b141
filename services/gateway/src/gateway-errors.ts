import type { NextFunction, Request, Response } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import { reportServerError, traceIdField, withoutSuggestions, type AppLogger } from '@trackside/platform';

const URL_PATTERN = /\bhttps?:\/\/[^\s"')]+/g;

/**
 * Apollo `formatError` of the gateway (issue 18, L1 and L2): no stack, no `extensions.response` of a
 * failed subgraph call (it carried the subgraph's internal URL, status and body), no internal URL in
 * the message of a failed subgraph call, no "Did you mean" hints. Codes and the spec's messages stay.
 */
export function formatGatewayError(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const { stacktrace: _stack, response, exception: _exception, ...extensions } = formatted.extensions ?? {};
  const upstreamFailure =
    response !== undefined || extensions.code === 'INTERNAL_SERVER_ERROR' || extensions.code === 'SUBREQUEST_HTTP_ERROR';
  const message = withoutSuggestions(upstreamFailure ? formatted.message.replace(URL_PATTERN, 'a service') : formatted.message);
  // The request's trace id when tracing is on (docs/operations.md, "Traces").
  return { ...formatted, message, extensions: { ...extensions, ...traceIdField() } };
}

/**
 * Last Express error handler (issue 18, L3): a malformed or oversized body (body-parser) and anything
 * else thrown before GraphQL answer JSON with the status and a short message, never Express's HTML
 * page with a stack trace, whatever NODE_ENV is.
 */
export function jsonErrors(log: AppLogger) {
  return (error: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    const { status, type } = (error ?? {}) as { status?: number; type?: string };
    const known = typeof status === 'number' && status >= 400 && status < 500;
    if (!known) {
      log.error('Unhandled HTTP error', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      reportServerError(error, { source: 'gateway' });
    }
    const message =
      type === 'entity.parse.failed'
        ? 'Malformed JSON body.'
        : type === 'entity.too.large'
          ? 'Request body too large.'
          : known
            ? 'Bad request.'
            : 'Internal server error';
    if (res.headersSent) return void res.destroy();
    const extensions = { code: known ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR', ...traceIdField() };
    res.status(known ? status : 500).json({ errors: [{ message, extensions }] });
  };
}
