import type { GraphQLFormattedError } from 'graphql';
import { reportServerError } from '../error-reporting/server-error-reporting';
import { ApiError } from './api-error';
import { DomainError } from './domain-error';
import { toApiError } from './domain-error-mapping';
import { traceIdField } from '../observability/trace-context';

interface LoggerLike {
  error(message: string, meta?: Record<string, unknown>): void;
}

/**
 * Apollo `formatError`: spec errors keep their id in `extensions.code`; validation errors from the
 * schema keep GraphQL's own codes; anything unexpected becomes a generic message with no stack trace.
 */
export function createGraphQLErrorFormatter(logger: LoggerLike) {
  // The request's trace id (tracing on) joins each error's extensions, to find its trace (docs/operations.md, "Traces").
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => withTraceId(formatError(formatted, error));

  function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
    const unwrapped = unwrap(error);
    // A business error thrown past the filter (errors as data, mapped once in domain-error-mapping.ts).
    const original = unwrapped instanceof DomainError ? toApiError(unwrapped) : unwrapped;
    if (original instanceof ApiError) {
      return {
        message: original.message,
        path: formatted.path,
        locations: formatted.locations,
        extensions: { code: original.code, ...(original.details ? { details: original.details } : {}) },
      };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
      // No stack, no upstream response (its internal URL, issue 18 L2), no schema hints (L1).
      const { stacktrace: _stack, response: _response, exception: _exception, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, message: withoutSuggestions(formatted.message), extensions };
    }
    if (isNulInText(original)) {
      // Issue 18, L4: a client's NUL character, refused by PostgreSQL, is bad input, not a server fault.
      return { message: NUL_MESSAGE, path: formatted.path, locations: formatted.locations, extensions: { code: 'BAD_USER_INPUT' } };
    }
    logger.error('Unhandled GraphQL error', {
      error: original instanceof Error ? (original.stack ?? original.message) : String(original),
      path: formatted.path,
    });
    reportServerError(original, { source: 'graphql', path: formatted.path });
    return {
      message: 'Internal server error',
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  }
}

function withTraceId(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const trace = traceIdField();
  return trace.traceId ? { ...formatted, extensions: { ...formatted.extensions, ...trace } } : formatted;
}

/**
 * GraphQL's "Did you mean ...?" hints name fields, types and enum values a client did not ask
 * for: a schema map for someone probing with introspection switched off (issue 18, L1).
 */
export function withoutSuggestions(message: string): string {
  return message.replace(/\s*Did you mean [^?]*\?/g, '');
}

/** The gateway's message for the same input (services/gateway/src/query-limits.ts). */
const NUL_MESSAGE = 'Text inputs may not contain NUL (\\u0000) characters.';

/** PostgreSQL's "invalid byte sequence for encoding UTF8: 0x00" (SQLSTATE 22021) on a query. */
function isNulInText(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '22021' && typeof message === 'string' && message.includes('0x00');
}

function unwrap(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5; depth += 1) {
    if (current instanceof ApiError || current instanceof DomainError) return current;
    if (typeof current === 'object' && current !== null && 'originalError' in current && current.originalError) {
      current = current.originalError;
    } else {
      return current;
    }
  }
  return current;
}
