import { describe, expect, it } from 'vitest';
import { parseSearch, serializeSearch, toVariables } from './search-params';

describe('search URL parameters', () => {
  it('defaults to page 1 and Ending Soonest, and leaves both out of the URL', () => {
    const state = parseSearch(new URLSearchParams(''));
    expect(state).toMatchObject({ page: 1, sortBy: 'endDate-asc', query: '', status: [] });
    expect(serializeSearch(state).toString()).toBe('');
  });

  it('round-trips repeated list parameters and drops empty filters', () => {
    const params = new URLSearchParams('query=supra&page=2&status=live&status=SOLD&makes=Toyota&makes=Nissan&years=&sortBy=bid-desc');
    const state = parseSearch(params);
    expect(state).toMatchObject({
      query: 'supra',
      page: 2,
      status: ['LIVE', 'SOLD'],
      makes: ['Toyota', 'Nissan'],
      years: [],
      sortBy: 'bid-desc',
    });
    expect(serializeSearch(state).toString()).toBe('query=supra&page=2&sortBy=bid-desc&status=LIVE&status=SOLD&makes=Toyota&makes=Nissan');
  });

  it('ignores unknown sorts, bad pages and statuses the public list never shows', () => {
    const state = parseSearch(new URLSearchParams('sortBy=price&page=-3&status=PENDING&status=APPROVED'));
    expect(state).toMatchObject({ sortBy: 'endDate-asc', page: 1, status: [] });
  });

  it('keeps parameters that are not the list’s own (embedded, brand)', () => {
    const keep = new URLSearchParams('embedded=1&page=4');
    const out = serializeSearch(parseSearch(new URLSearchParams('query=x')), keep);
    expect(out.get('embedded')).toBe('1');
    expect(out.get('page')).toBeNull();
  });

  it('sends only the filters that are set', () => {
    expect(toVariables(parseSearch(new URLSearchParams('countries=US')))).toEqual({
      query: undefined,
      page: 1,
      sortBy: 'endDate-asc',
      sellerTypes: undefined,
      status: undefined,
      countries: ['US'],
      makes: undefined,
      years: undefined,
    });
  });
});
