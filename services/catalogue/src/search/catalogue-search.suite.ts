import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  CatalogueSearchIndex,
  DirectorySearchDocument,
  DirectorySearchQuery,
  ListingSearchDocument,
  ListingSearchQuery,
} from './catalogue-search.port';

/**
 * The one catalogue search suite every `CatalogueSearchIndex` adapter passes (issue 22): directory
 * search (brand, approved only, the featured and regular sets, category, text, order, paging) and
 * Paddock listings search (what is public, every filter, the four sorts with POA and unrated
 * currencies last, paging, text), and the page's highlights of both (directory names, listing titles). Nothing here knows which engine answers; what only an engine does
 * (typos, synonyms, aliases) stays in the adapter's own spec.
 */
export interface CatalogueSearchUnderTest {
  index: CatalogueSearchIndex;
  /** Stores documents where the adapter reads them (rows for PostgreSQL, the index for an engine) and makes them searchable. */
  put(documents: { directories?: DirectorySearchDocument[]; listings?: ListingSearchDocument[] }): Promise<void>;
  /** Empties what `put` stored. */
  clear(): Promise<void>;
  close(): Promise<void>;
}

export const SUITE_BRAND = 'trackside';
export const SUITE_NOW = new Date('2030-06-01T12:00:00.000Z');
/** Units per US dollar: a euro price counts double in dollars; GBP has no rate (sorts with POA). */
export const SUITE_RATES = { USD: 1, EUR: 0.5 };

export function suiteDirectory(overrides: Partial<DirectorySearchDocument> = {}): DirectorySearchDocument {
  return {
    id: randomUUID(),
    brand: SUITE_BRAND,
    status: 'approved',
    featured: false,
    activeSubscription: false,
    name: 'Workshop',
    category: 'SERVICES',
    addressCity: 'Springfield',
    addressState: 'IL',
    keywords: ['tyres'],
    ...overrides,
  };
}

export function suiteListing(overrides: Partial<ListingSearchDocument> = {}): ListingSearchDocument {
  return {
    id: randomUUID(),
    brand: SUITE_BRAND,
    status: 'APPROVED',
    paymentStatus: 'FREE',
    expiry: null,
    title: 'Roadster',
    description: 'Runs and drives.',
    extraDetails: '{}',
    category: 'cars',
    type: 'sale',
    userId: randomUUID(),
    groupId: null,
    sellerType: 'PRIVATE',
    priceCents: 1_000_000,
    currency: 'USD',
    publishedAt: '2030-05-01T00:00:00.000Z',
    weighting: 0,
    ...overrides,
  };
}

export function directoryQuery(overrides: Partial<DirectorySearchQuery> = {}): DirectorySearchQuery {
  return { brand: SUITE_BRAND, text: null, category: null, featured: false, page: 1, hitsPerPage: 8, ...overrides };
}

export function listingQuery(overrides: Partial<ListingSearchQuery> = {}): ListingSearchQuery {
  return {
    brand: SUITE_BRAND,
    now: SUITE_NOW,
    usdRates: SUITE_RATES,
    filters: {},
    text: null,
    sort: 'date_desc',
    page: 1,
    hitsPerPage: 9,
    ...overrides,
  };
}

const sorted = (ids: string[]): string[] => [...ids].sort();

export function catalogueSearchSuite(adapter: string, setup: () => Promise<CatalogueSearchUnderTest>): void {
  describe(`CatalogueSearchIndex contract (${adapter})`, () => {
    let under: CatalogueSearchUnderTest;
    const directories = async (overrides: Partial<DirectorySearchQuery> = {}) => under.index.searchDirectories(directoryQuery(overrides));
    const listings = async (overrides: Partial<ListingSearchQuery> = {}) => under.index.searchListings(listingQuery(overrides));

    beforeAll(async () => {
      under = await setup();
    });
    afterAll(async () => {
      await under?.close();
    });
    beforeEach(async () => {
      await under.clear();
    });

    it('answers nothing, counted, for a brand with no document', async () => {
      expect(await directories()).toEqual({ ids: [], nbHits: 0, highlights: {} });
      expect(await listings()).toEqual({ ids: [], nbHits: 0, highlights: {} });
    });

    it('directory: approved entries of the brand only, featured-with-plan apart from the rest', async () => {
      const plain = suiteDirectory({ name: 'Alpha Garage' });
      const featuredUnpaid = suiteDirectory({ name: 'Beta Garage', featured: true });
      const promoted = suiteDirectory({ name: 'Gamma Garage', featured: true, activeSubscription: true });
      const pending = suiteDirectory({ status: 'pending' });
      const declined = suiteDirectory({ status: 'declined' });
      const foreign = suiteDirectory({ brand: 'jewelry' });
      await under.put({ directories: [plain, featuredUnpaid, promoted, pending, declined, foreign] });
      expect(await directories()).toEqual({ ids: [plain.id, featuredUnpaid.id], nbHits: 2, highlights: {} });
      expect(await directories({ featured: true })).toEqual({ ids: [promoted.id], nbHits: 1, highlights: {} });
    });

    it('directory: category filter, name order and paging with the full count', async () => {
      const names = ['Echo Motors', 'Alpha Motors', 'Delta Motors', 'Bravo Motors', 'Charlie Motors'];
      const entries = names.map((name) => suiteDirectory({ name }));
      const museum = suiteDirectory({ name: 'Aardvark Museum', category: 'MUSEUMS' });
      await under.put({ directories: [...entries, museum] });
      const byName = [...entries].sort((a, b) => a.name.localeCompare(b.name)).map((entry) => entry.id);
      expect(await directories({ category: 'SERVICES', hitsPerPage: 2 })).toEqual({ ids: byName.slice(0, 2), nbHits: 5, highlights: {} });
      expect(await directories({ category: 'SERVICES', hitsPerPage: 2, page: 3 })).toEqual({
        ids: byName.slice(4),
        nbHits: 5,
        highlights: {},
      });
      expect(await directories({ category: 'MUSEUMS' })).toEqual({ ids: [museum.id], nbHits: 1, highlights: {} });
      expect((await directories({ category: null })).nbHits).toBe(6);
    });

    it('directory text: words and beginnings of words of the name, keywords and city, ignoring case', async () => {
      const stuttgart = suiteDirectory({ name: 'Stuttgart Classic Restorations' });
      const aircooled = suiteDirectory({ name: 'Flat Six Specialists', keywords: ['air-cooled', 'porsche'] });
      const monterey = suiteDirectory({ name: 'Coastal Cars', addressCity: 'Monterey' });
      await under.put({ directories: [stuttgart, aircooled, monterey] });
      const found = async (text: string) => sorted((await directories({ text })).ids);
      expect(await found('classic')).toEqual([stuttgart.id]);
      expect(await found('STUTT')).toEqual([stuttgart.id]);
      expect(await found('stuttgart restorations')).toEqual([stuttgart.id]);
      expect(await found('air-cooled')).toEqual([aircooled.id]);
      expect(await found('porsche')).toEqual([aircooled.id]);
      expect(await found('monterey')).toEqual([monterey.id]);
      expect(await found('zeppelin')).toEqual([]);
      expect((await directories({ text: 'classic' })).nbHits).toBe(1);
    });

    it('listings: only approved, paid-or-free, unexpired listings of the brand', async () => {
      const free = suiteListing();
      const paid = suiteListing({ paymentStatus: 'PAID', expiry: '2030-06-02T00:00:00.000Z' });
      const hidden = [
        suiteListing({ paymentStatus: 'UNPAID' }),
        suiteListing({ status: 'PENDING' }),
        suiteListing({ status: 'DECLINED' }),
        suiteListing({ status: 'SOLD' }),
        suiteListing({ expiry: '2030-06-01T11:59:59.000Z' }),
        suiteListing({ brand: 'jewelry' }),
      ];
      await under.put({ listings: [free, paid, ...hidden] });
      const result = await listings();
      expect(sorted(result.ids)).toEqual(sorted([free.id, paid.id]));
      expect(result.nbHits).toBe(2);
    });

    it('listings: every filter of the where, the price range inclusive and POA outside it', async () => {
      const user = randomUUID();
      const group = randomUUID();
      const car = suiteListing({ priceCents: 500_000 });
      const bike = suiteListing({ category: 'motorcycles', type: 'wanted', sellerType: 'DEALER', priceCents: 1_500_000 });
      const owned = suiteListing({ userId: user, groupId: group, priceCents: 1_000_000 });
      const poa = suiteListing({ priceCents: null });
      await under.put({ listings: [car, bike, owned, poa] });
      const found = async (filters: ListingSearchQuery['filters']) => sorted((await listings({ filters })).ids);
      expect(await found({ category: 'motorcycles' })).toEqual([bike.id]);
      expect(await found({ type: 'wanted' })).toEqual([bike.id]);
      expect(await found({ sellerType: 'DEALER' })).toEqual([bike.id]);
      expect(await found({ userId: user })).toEqual([owned.id]);
      expect(await found({ groupId: group })).toEqual([owned.id]);
      expect(await found({ minPriceCents: 1_000_000 })).toEqual(sorted([bike.id, owned.id]));
      expect(await found({ maxPriceCents: 1_000_000 })).toEqual(sorted([car.id, owned.id]));
      expect(await found({ minPriceCents: 600_000, maxPriceCents: 1_000_000 })).toEqual([owned.id]);
      expect(await found({ category: 'cars', userId: user })).toEqual([owned.id]);
      expect(await found({ category: 'boats' })).toEqual([]);
    });

    it('listings: date sorts either way, unpublished last, then weighting and id', async () => {
      const old = suiteListing({ publishedAt: '2030-01-01T00:00:00.000Z' });
      const recent = suiteListing({ publishedAt: '2030-05-01T00:00:00.000Z' });
      const heavy = suiteListing({ publishedAt: '2030-03-01T00:00:00.000Z', weighting: 5 });
      const light = suiteListing({ publishedAt: '2030-03-01T00:00:00.000Z', weighting: 1 });
      const unpublished = suiteListing({ publishedAt: null });
      await under.put({ listings: [old, recent, heavy, light, unpublished] });
      expect((await listings({ sort: 'date_desc' })).ids).toEqual([recent.id, heavy.id, light.id, old.id, unpublished.id]);
      expect((await listings({ sort: 'date_asc' })).ids).toEqual([old.id, heavy.id, light.id, recent.id, unpublished.id]);
    });

    it('listings: price sorts compare dollars across currencies, POA and unrated currencies last, and page across them', async () => {
      const usd = suiteListing({ priceCents: 150_000, currency: 'USD' });
      const eur = suiteListing({ priceCents: 100_000, currency: 'EUR' }); // $2,000
      const cheap = suiteListing({ priceCents: 50_000, currency: 'EUR' }); // $1,000
      const tieLight = suiteListing({ priceCents: 100_000, currency: 'USD', weighting: 0 }); // $1,000
      const poa = suiteListing({ priceCents: null, weighting: 3 });
      const unrated = suiteListing({ priceCents: 1, currency: 'GBP', weighting: 1 });
      await under.put({ listings: [usd, eur, cheap, tieLight, poa, unrated] });
      const tie = [cheap.id, tieLight.id].sort();
      expect((await listings({ sort: 'price_asc' })).ids).toEqual([...tie, usd.id, eur.id, poa.id, unrated.id]);
      expect((await listings({ sort: 'price_desc' })).ids).toEqual([eur.id, usd.id, ...tie, poa.id, unrated.id]);
      const page = (n: number) => listings({ sort: 'price_asc', hitsPerPage: 4, page: n });
      expect(await page(2)).toEqual({ ids: [poa.id, unrated.id], nbHits: 6, highlights: {} });
      expect(await listings({ sort: 'price_desc', hitsPerPage: 2, page: 2 })).toEqual({ ids: tie, nbHits: 6, highlights: {} });
      expect(await listings({ sort: 'price_desc', hitsPerPage: 3, page: 2 })).toEqual({
        ids: [tie[1]!, poa.id, unrated.id],
        nbHits: 6,
        highlights: {},
      });
    });

    it('listings text: every word, in the title, description or details; the beginning of a title word', async () => {
      const porsche = suiteListing({ title: 'Porsche 911 Carrera', description: 'Matching numbers.' });
      const lola = suiteListing({ title: 'Lola T70', description: 'Ex-works Can-Am car.', extraDetails: '{"chassis":"SL73-121"}' });
      await under.put({ listings: [porsche, lola] });
      const found = async (text: string) => sorted((await listings({ text })).ids);
      expect(await found('porsche')).toEqual([porsche.id]);
      expect(await found('Carre')).toEqual([porsche.id]);
      expect(await found('porsche 911')).toEqual([porsche.id]);
      expect(await found('matching')).toEqual([porsche.id]);
      expect(await found('can-am')).toEqual([lola.id]);
      expect(await found('sl73')).toEqual([lola.id]);
      expect(await found('porsche lola')).toEqual([]);
      expect((await listings({ text: 'lola', filters: { category: 'boats' } })).nbHits).toBe(0);
    });

    it('listings text: a word with digits matches exactly, never one edit away ("911" is not a 914)', async () => {
      const nineEleven = suiteListing({ title: 'Porsche 911 Targa', description: 'Sportomatic.' });
      const nineFourteen = suiteListing({ title: 'Porsche 914', description: 'Mid-engined, 2.0 litre.' });
      await under.put({ listings: [nineEleven, nineFourteen] });
      const found = async (text: string) => sorted((await listings({ text })).ids);
      expect(await found('porsche 911')).toEqual([nineEleven.id]);
      expect(await found('porsche 914')).toEqual([nineFourteen.id]);
    });

    it("directory highlights: the page's names, words beginning with a query word marked; none for other fields or no text", async () => {
      const stuttgart = suiteDirectory({ name: 'Stuttgart Classic Restorations', keywords: ['porsche'] });
      const specialists = suiteDirectory({ name: 'Flat Six Specialists', keywords: ['porsche', 'stuttgart'] });
      const club = suiteDirectory({ name: 'Classic Car Club' });
      await under.put({ directories: [stuttgart, specialists, club] });
      const highlights = async (overrides: Partial<DirectorySearchQuery>) => (await directories(overrides)).highlights;
      const stuttgartMarked = [
        { text: 'Stuttgart', match: true },
        { text: ' Classic Restorations', match: false },
      ];
      // The specialists are found by a keyword: their name has nothing to mark.
      expect(await highlights({ text: 'STUTT' })).toEqual({ [stuttgart.id]: stuttgartMarked });
      expect(await highlights({ text: 'stuttgart porsche' })).toEqual({ [stuttgart.id]: stuttgartMarked });
      expect(await highlights({ text: 'classic restorations' })).toEqual({
        [stuttgart.id]: [
          { text: 'Stuttgart ', match: false },
          { text: 'Classic', match: true },
          { text: ' ', match: false },
          { text: 'Restorations', match: true },
        ],
      });
      expect(await highlights({ text: 'porsche' })).toEqual({});
      expect(await highlights({ text: 'springfield' })).toEqual({});
      expect(await highlights({})).toEqual({});
      // Only the page's hits are highlighted.
      const first = await directories({ text: 'classic', hitsPerPage: 1 });
      expect(first.nbHits).toBe(2);
      expect(Object.keys(first.highlights)).toEqual(first.ids);
    });

    it("listings highlights: the page's titles, words beginning with a query word marked, whatever the sort", async () => {
      const porsche = suiteListing({ title: 'Porsche 911 Carrera', description: 'Matching numbers.', priceCents: 2_000_000 });
      const lola = suiteListing({ title: 'Lola T70', description: 'Raced against the Porsche 917.', priceCents: 1_000_000 });
      await under.put({ listings: [porsche, lola] });
      const highlights = async (overrides: Partial<ListingSearchQuery>) => (await listings(overrides)).highlights;
      const porscheMarked = [
        { text: 'Porsche', match: true },
        { text: ' 911 Carrera', match: false },
      ];
      expect(await highlights({ text: 'porsche' })).toEqual({ [porsche.id]: porscheMarked });
      expect(await highlights({ text: 'porsche', sort: 'price_asc' })).toEqual({ [porsche.id]: porscheMarked });
      expect(await highlights({ text: 'porsche', sort: 'price_desc', hitsPerPage: 1, page: 2 })).toEqual({});
      expect(await highlights({ text: 'porsche 911' })).toEqual({
        [porsche.id]: [
          { text: 'Porsche', match: true },
          { text: ' ', match: false },
          { text: '911', match: true },
          { text: ' Carrera', match: false },
        ],
      });
      expect(await highlights({ text: 'carre', sort: 'date_asc' })).toEqual({
        [porsche.id]: [
          { text: 'Porsche 911 ', match: false },
          { text: 'Carrera', match: true },
        ],
      });
      expect(await highlights({ text: 'matching' })).toEqual({});
      expect(await highlights({})).toEqual({});
    });
  });
}
