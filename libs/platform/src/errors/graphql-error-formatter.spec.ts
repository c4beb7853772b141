import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createGraphQLErrorFormatter, withoutSuggestions } from './graphql-error-formatter';

function formatterWithLog(): { format: ReturnType<typeof createGraphQLErrorFormatter>; logged: string[] } {
  const logged: string[] = [];
  return { format: createGraphQLErrorFormatter({ error: (message) => logged.push(message) }), logged };
}

describe('GraphQL error formatter (issue 18, L1, L2, L4)', () => {
  it('L1: strips "Did you mean" suggestions from validation errors', () => {
    const { format } = formatterWithLog();
    const formatted = format(
      {
        message: 'Cannot query field "auctionSerch" on type "Query". Did you mean "auctionSearch" or "auction"?',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      },
      new GraphQLError('x'),
    );
    expect(formatted.message).toBe('Cannot query field "auctionSerch" on type "Query".');
    expect(withoutSuggestions('Value "LIVEE" does not exist in "Status" enum. Did you mean the enum value "LIVE"?')).toBe(
      'Value "LIVEE" does not exist in "Status" enum.',
    );
  });

  it('L2: drops extensions.response (an internal URL) and stack traces', () => {
    const { format } = formatterWithLog();
    const formatted = format(
      {
        message: '500: Internal Server Error',
        extensions: { code: 'SUBREQUEST_HTTP_ERROR', response: { url: 'http://10.0.0.5:4001/graphql', status: 500 }, stacktrace: ['at x'] },
      },
      new GraphQLError('x'),
    );
    expect(formatted.extensions).toEqual({ code: 'SUBREQUEST_HTTP_ERROR' });
  });

  it('L4 probe: PostgreSQL refusing a NUL byte is bad input with a clear message, and no ERROR log', () => {
    const { format, logged } = formatterWithLog();
    const database = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const formatted = format(
      { message: database.message, extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      new GraphQLError(database.message, { originalError: database }),
    );
    expect(formatted).toMatchObject({
      message: 'Text inputs may not contain NUL (\\u0000) characters.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(logged).toEqual([]);
  });
});
