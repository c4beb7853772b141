import { DomainError } from '@trackside/platform';
import { describe, expect, it } from 'vitest';
import { parseSearchArgs, SEARCH_LIMITS } from './search-params';
import { searchWords, toPrefixTsQuery } from './search-text';

function rejection(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('parseSearchArgs', () => {
  it('defaults: page 1, endDate-asc, no text, no filters; hits per page from the caller', () => {
    expect(parseSearchArgs({}, 'trackside', 15)).toEqual({
      brand: 'trackside',
      query: null,
      filters: { status: [], 'address.country': [], 'dataFields.make.value': [], 'dataFields.year.value': [], sellerType: [] },
      sortBy: 'endDate-asc',
      page: 1,
      hitsPerPage: 15,
    });
  });

  it('maps each argument to its facet, trimming and de-duplicating values; blank text is no text', () => {
    const params = parseSearchArgs(
      {
        query: '   ',
        page: 3,
        sortBy: 'bid-desc',
        status: ['LIVE', 'SOLD'],
        countries: [' US ', 'US', 'DE'],
        makes: ['Porsche'],
        years: ['1974'],
        sellerTypes: ['Dealer'],
      },
      'jewelry',
      4,
    );
    expect(params).toMatchObject({ brand: 'jewelry', query: null, page: 3, sortBy: 'bid-desc', hitsPerPage: 4 });
    expect(params.filters).toEqual({
      status: ['LIVE', 'SOLD'],
      'address.country': ['US', 'DE'],
      'dataFields.make.value': ['Porsche'],
      'dataFields.year.value': ['1974'],
      sellerType: ['Dealer'],
    });
  });

  it('refuses bad input with auction.validation and a message naming the argument', () => {
    const cases: Array<[Parameters<typeof parseSearchArgs>[0], RegExp]> = [
      [{ page: 0 }, /^page must be/],
      [{ page: -2 }, /^page must be/],
      [{ sortBy: 'price-asc' }, /^sortBy must be one of endDate-asc, endDate-desc, startDate-asc, startDate-desc, bid-asc, bid-desc\.$/],
      [{ sortBy: '' }, /^sortBy must be one of/],
      [{ query: 'x'.repeat(SEARCH_LIMITS.maxQueryLength + 1) }, /^query must be at most 200 characters\.$/],
      [{ makes: Array.from({ length: SEARCH_LIMITS.maxFilterValues + 1 }, (_, n) => `m${n}`) }, /^makes accepts at most 50 values\.$/],
      [{ countries: ['US', ' '] }, /^countries values cannot be empty\.$/],
      [{ years: ['1'.repeat(SEARCH_LIMITS.maxFilterValueLength + 1)] }, /^years values must be at most 100 characters\.$/],
    ];
    for (const [args, message] of cases) {
      const error = rejection(() => parseSearchArgs(args, 'trackside', 15));
      expect(error.code, JSON.stringify(args)).toBe('auction.validation');
      expect(error.message).toMatch(message);
    }
    expect(parseSearchArgs({ query: 'x'.repeat(SEARCH_LIMITS.maxQueryLength) }, 'trackside', 15).query).toHaveLength(200);
  });
});

describe('search text', () => {
  it('keeps runs of letters and digits, lower-cased and unique, each as a prefix term', () => {
    expect(searchWords('Porsche 911-RSR porsche')).toEqual(['porsche', '911', 'rsr']);
    expect(toPrefixTsQuery('Porsc 91')).toBe("'porsc':* & '91':*");
    expect(toPrefixTsQuery("Citroën D'S")).toBe("'citroën':* & 'd':* & 's':*");
  });

  it('drops tsquery syntax entirely; no words is no query', () => {
    expect(toPrefixTsQuery("911 & !rsr | (gt3):* <-> 'x'")).toBe("'911':* & 'rsr':* & 'gt3':* & 'x':*");
    expect(toPrefixTsQuery('&|!:*()')).toBeNull();
    expect(toPrefixTsQuery(null)).toBeNull();
  });
});
