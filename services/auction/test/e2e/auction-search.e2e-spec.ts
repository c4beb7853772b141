import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrandAuctionSettingsProvider } from '../../src/infrastructure/brand-auction-settings';
import { resetAuctionProjections } from '../../src/projections/reset-projections';
import { ServiceProcessorHost } from '@trackside/platform';
import { AuctionSearchProcessor } from '../../src/search/auction-search.processor';
import { AuctionTestApp, errorCode, eventually, makeUser, type GqlResult, type TestUser } from '../support/auction-test-app';

const HOME = 'trackside';
const HOST = 'jewelry';
const OTHER = 'classics';
/** Image references are upload ids (UUIDs): createAuction refuses anything else (issue 18, L9). */
const COVER_E1 = 'c0000000-0000-4000-8000-0000000000e1';
const DAY = 86_400_000;
/** Generous: the index follows the log asynchronously, and the test machines are shared and small. */
const WAIT_MS = 15_000;
const until = <T>(probe: () => Promise<T>, accept: (value: T) => boolean): Promise<T> => eventually(probe, accept, WAIT_MS);

const SEARCH = `query($query: String, $page: Int, $sellerTypes: [String!], $status: [ENUM_AUCTION_STATUS!], $sortBy: String,
                     $countries: [String!], $makes: [String!], $years: [String!]) {
  auctionSearch(query: $query, page: $page, sellerTypes: $sellerTypes, status: $status, sortBy: $sortBy,
                countries: $countries, makes: $makes, years: $years) {
    nbHits page nbPages hitsPerPage sortBy serverTime
    facets { name values { value count } }
    hits { id title slug status brand hosts startPrice topBidAmount finalPrice reserve currency coverImage
           scheduledStartDate finalEndDate bidCount serverTime }
  }
}`;

interface Hit {
  id: string;
  title: string;
  slug: string;
  status: string;
  brand: string;
  hosts: string[];
  startPrice: number;
  topBidAmount: number | null;
  finalPrice: number | null;
  reserve: number | null;
  currency: string;
  coverImage: string | null;
  scheduledStartDate: string | null;
  finalEndDate: string | null;
  bidCount: number;
}

interface SearchAnswer {
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  sortBy: string;
  serverTime: string;
  facets: Array<{ name: string; values: Array<{ value: string; count: number }> }>;
  hits: Hit[];
}

type SearchArgs = Partial<{
  query: string;
  page: number;
  sellerTypes: string[];
  status: string[];
  sortBy: string;
  countries: string[];
  makes: string[];
  years: string[];
}>;

interface LotSpec {
  key: string;
  title: string;
  make: string;
  year: string;
  country: string;
  sellerType: 'Dealer' | 'Private';
  model?: string;
  description?: string;
  reserve?: number;
  coverImage?: string;
}

const FACET_NAMES = ['status', 'address.country', 'dataFields.make.value', 'dataFields.year.value', 'sellerType'];

describe('auctionSearch through GraphQL (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let seller: TestUser;
  let staff: TestUser;
  let hostSeller: TestUser;
  let hostStaff: TestUser;
  let bidder: TestUser;
  const ids: Record<string, string> = {};

  const search = async (args: SearchArgs = {}, brand = HOME): Promise<GqlResult<{ auctionSearch: SearchAnswer }>> =>
    app.gql<{ auctionSearch: SearchAnswer }>(SEARCH, args, { brand });

  async function found(args: SearchArgs = {}, brand = HOME): Promise<SearchAnswer> {
    const result = await search(args, brand);
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    return result.data!.auctionSearch;
  }

  /** Every hit of a search, page after page. */
  async function allHits(args: SearchArgs = {}, brand = HOME): Promise<Hit[]> {
    const first = await found({ ...args, page: 1 }, brand);
    const hits = [...first.hits];
    for (let page = 2; page <= first.nbPages; page += 1) hits.push(...(await found({ ...args, page }, brand)).hits);
    return hits;
  }

  const facet = (answer: SearchAnswer, name: string) => answer.facets.find((entry) => entry.name === name)?.values;
  const keysOf = (hits: Array<{ id: string }>): string[] =>
    hits.map((hit) => Object.keys(ids).find((key) => ids[key] === hit.id) ?? hit.id).sort();

  async function create(spec: LotSpec, user: TestUser = seller): Promise<string> {
    const created = await app.gql<{ createAuction: { auction: { id: string } } }>(
      `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
      {
        data: {
          title: spec.title,
          sellerType: spec.sellerType,
          description: spec.description ?? null,
          userDescription: 'Described by the seller.',
          reserve: spec.reserve ?? 0,
          currency: 'USD',
          dataFields: {
            make: { label: 'Make', value: spec.make },
            year: { label: 'Year', value: spec.year },
            ...(spec.model ? { model: { label: 'Model', value: spec.model } } : {}),
          },
          address: { country: spec.country },
          contactInfo: { name: 'Dana Dealer', email: 'dana@example.test' },
          hasAgreedToTerms: true,
          packageId: 'basic',
          ...(spec.coverImage ? { exterior: [spec.coverImage], coverImage: spec.coverImage } : {}),
        },
      },
      { token: user.token, brand: user.brand },
    );
    expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
    ids[spec.key] = created.data!.createAuction.auction.id;
    return ids[spec.key]!;
  }

  async function staffCall(mutation: string, id: string, user: TestUser = staff): Promise<void> {
    // Lots created through the API have an UNPAID package: approving one needs the confirmation.
    const args = mutation === 'approveAuction' ? 'id: $id, confirmUnpaid: true' : 'id: $id';
    const result = await app.gql(`mutation($id: ID!) { ${mutation}(${args}) { id } }`, { id }, { token: user.token, brand: user.brand });
    expect(result.errors, `${mutation}: ${JSON.stringify(result.errors)}`).toBeUndefined();
  }

  async function schedule(id: string, startInMs: number, user: TestUser = staff): Promise<void> {
    const start = new Date(app.clock.now().getTime() + startInMs);
    const result = await app.gql(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id, s: start, e: new Date(start.getTime() + 7 * DAY) },
      { token: user.token, brand: user.brand },
    );
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  }

  async function publish(spec: LotSpec, startInMs: number, user: TestUser = seller, staffUser: TestUser = staff): Promise<string> {
    const id = await create(spec, user);
    await staffCall('approveAuction', id, staffUser);
    await schedule(id, startInMs, staffUser);
    return id;
  }

  async function bid(id: string, amount: number): Promise<void> {
    const result = await app.gql(
      `mutation($a: ID!, $v: Float!) { createBid(input: { data: { auction: $a, amount: $v } }) { bid { id } } }`,
      { a: id, v: amount },
      { token: bidder.token },
    );
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  }

  async function statusOf(id: string): Promise<string | undefined> {
    const result = await app.gql<{ auction: { status: string } | null }>(`query($id: ID!) { auction(id: $id) { status } }`, { id }, {});
    return result.data?.auction?.status;
  }

  async function waitForStatus(keys: string[], status: string): Promise<void> {
    for (const key of keys)
      await until(
        () => statusOf(ids[key]!),
        (current) => current === status,
      );
  }

  /*
   * The catalogue, as it stands once beforeAll is done (brand trackside unless noted):
   *   ended:     e1 SOLD (bid 5,000, no reserve), e2 RESERVE_NOT_MET (bid 1,000, reserve 100,000)
   *   live:      l1 (bid 2,500), l2 (bid 9,000), l3 (no bid)
   *   scheduled: s1, s2, n1 (shared, accepted by jewelry), n2 (shared, not answered),
   *              n3 (shared, accepted by jewelry), f1..f6
   *   hidden:    p PENDING, a APPROVED, d scheduled then disapproved (PENDING again)
   *   jewelry:   h1 SCHEDULED (its own lot)
   */
  beforeAll(async () => {
    app = await AuctionTestApp.create();
    seller = makeUser(HOME, { name: 'seller' });
    staff = makeUser(HOME, { name: 'staff', staff: true });
    hostSeller = makeUser(HOST, { name: 'host-seller' });
    hostStaff = makeUser(HOST, { name: 'host-staff', staff: true });
    bidder = makeUser(HOME, { name: 'bidder' });
    // Lots take only their seller's uploads (issue 18, L9): the cover is one the seller uploaded.
    await app.announceUpload(seller, COVER_E1);

    // Ending soon: live after one minute, ended after a week.
    const ending: LotSpec[] = [
      {
        key: 'e1',
        title: 'Porsche 911 RSR',
        make: 'Porsche',
        model: '911 RSR',
        year: '1974',
        country: 'US',
        sellerType: 'Dealer',
        coverImage: COVER_E1,
      },
      { key: 'e2', title: 'Ferrari 312T', make: 'Ferrari', year: '1975', country: 'IT', sellerType: 'Private', reserve: 100_000 },
    ];
    for (const [n, spec] of ending.entries()) await publish(spec, 60_000 + n * 1000);
    // Live at the end: start after a day.
    const live: LotSpec[] = [
      { key: 'l1', title: 'Lola T70 Mk3', make: 'Lola', year: '1968', country: 'GB', sellerType: 'Dealer' },
      { key: 'l2', title: 'Porsche 917K', make: 'Porsche', year: '1970', country: 'DE', sellerType: 'Private' },
      { key: 'l3', title: 'Le Mans Legend', make: 'Ford', model: 'GT40', year: '1966', country: 'US', sellerType: 'Dealer' },
    ];
    for (const [n, spec] of live.entries()) await publish(spec, DAY + n * 1000);
    // Scheduled throughout: start after twenty days.
    const scheduled: LotSpec[] = [
      {
        key: 's1',
        title: 'Gulf Racing 908',
        make: 'Porsche',
        year: '1969',
        country: 'DE',
        sellerType: 'Dealer',
        description: 'Finished in zephyr green.',
      },
      {
        key: 's2',
        title: 'Zephyr Special',
        make: 'Ford',
        year: '1969',
        country: 'GB',
        sellerType: 'Private',
        description: 'Raced in Gulf colours.',
      },
      ...Array.from({ length: 6 }, (_, n) => ({
        key: `f${n + 1}`,
        title: `Alpine A110 number ${n + 1}`,
        make: 'Alpine',
        year: '1972',
        country: 'FR',
        sellerType: 'Private' as const,
      })),
    ];
    for (const [n, spec] of scheduled.entries()) await publish(spec, 20 * DAY + n * 1000);

    // The network: n1 and n3 accepted by jewelry, n2 offered but not answered.
    const network: LotSpec[] = [
      { key: 'n1', title: 'Network Alfa 33', make: 'Alfa Romeo', year: '1967', country: 'IT', sellerType: 'Dealer' },
      { key: 'n2', title: 'Offered Matra MS630', make: 'Matra', year: '1970', country: 'FR', sellerType: 'Dealer' },
      { key: 'n3', title: 'Shared Lancia Stratos', make: 'Lancia', year: '1974', country: 'IT', sellerType: 'Private' },
    ];
    for (const [n, spec] of network.entries()) {
      const id = await create(spec);
      await staffCall('approveAuction', id);
      await staffCall('sendAuctionToNetwork', id);
      if (spec.key !== 'n2') await staffCall('acceptAuction', id, hostStaff);
      await schedule(id, 21 * DAY + n * 1000);
    }
    await publish(
      { key: 'h1', title: 'Cartier Porsche Watch', make: 'Cartier', year: '1974', country: 'FR', sellerType: 'Dealer' },
      2 * DAY,
      hostSeller,
      hostStaff,
    );

    // Never searchable.
    await create({ key: 'p', title: 'Porsche Pending 356', make: 'Porsche', year: '1960', country: 'US', sellerType: 'Dealer' });
    await staffCall(
      'approveAuction',
      await create({ key: 'a', title: 'Porsche Approved 550', make: 'Porsche', year: '1955', country: 'US', sellerType: 'Dealer' }),
    );
    const disapproved = await publish(
      { key: 'd', title: 'Porsche Disapproved 914', make: 'Porsche', year: '1971', country: 'US', sellerType: 'Dealer' },
      20 * DAY + 30_000,
    );
    const refused = await app.gql(
      `mutation($id: ID!) { disapproveAuction(id: $id, reason: "Photos missing") { status } }`,
      { id: disapproved },
      { token: staff.token },
    );
    expect(refused.errors).toBeUndefined();

    // e1 and e2 go live and take bids; a week later they end and l1..l3 are live.
    app.clock.advance(70_000);
    await waitForStatus(['e1', 'e2'], 'LIVE');
    await bid(ids.e1!, 5000);
    await bid(ids.e2!, 1000);
    app.clock.advance(7 * DAY);
    await waitForStatus(['e1'], 'SOLD');
    await waitForStatus(['e2'], 'RESERVE_NOT_MET');
    await waitForStatus(['l1', 'l2', 'l3'], 'LIVE');
    await bid(ids.l1!, 2500);
    await bid(ids.l2!, 9000);

    // The index follows the log in order: once the last bid shows, everything before it does.
    await until(
      () => found({ sortBy: 'bid-desc' }),
      (answer) => answer.hits[0]?.id === ids.l2 && answer.hits[0]?.topBidAmount === 9000,
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the brand’s public lots with exactly the spec’s facets, counted over them', async () => {
    const answer = await found();
    expect(answer).toMatchObject({ nbHits: 16, page: 1, nbPages: 2, hitsPerPage: 15, sortBy: 'endDate-asc' });
    expect(answer.hits).toHaveLength(15);
    expect(answer.facets.map((entry) => entry.name)).toEqual(FACET_NAMES);
    expect(facet(answer, 'status')).toEqual([
      { value: 'SCHEDULED', count: 11 },
      { value: 'LIVE', count: 3 },
      { value: 'RESERVE_NOT_MET', count: 1 },
      { value: 'SOLD', count: 1 },
    ]);
    expect(facet(answer, 'address.country')).toEqual([
      { value: 'FR', count: 7 },
      { value: 'IT', count: 3 },
      { value: 'DE', count: 2 },
      { value: 'GB', count: 2 },
      { value: 'US', count: 2 },
    ]);
    expect(facet(answer, 'dataFields.make.value')).toEqual([
      { value: 'Alpine', count: 6 },
      { value: 'Porsche', count: 3 },
      { value: 'Ford', count: 2 },
      { value: 'Alfa Romeo', count: 1 },
      { value: 'Ferrari', count: 1 },
      { value: 'Lancia', count: 1 },
      { value: 'Lola', count: 1 },
      { value: 'Matra', count: 1 },
    ]);
    expect(facet(answer, 'dataFields.year.value')).toEqual([
      { value: '1972', count: 6 },
      { value: '1969', count: 2 },
      { value: '1970', count: 2 },
      { value: '1974', count: 2 },
      { value: '1966', count: 1 },
      { value: '1967', count: 1 },
      { value: '1968', count: 1 },
      { value: '1975', count: 1 },
    ]);
    expect(facet(answer, 'sellerType')).toEqual([
      { value: 'Private', count: 10 },
      { value: 'Dealer', count: 6 },
    ]);
    expect(Math.abs(new Date(answer.serverTime).getTime() - app.clock.now().getTime())).toBeLessThan(2000);
  });

  it('never returns nor counts PENDING and APPROVED lots, even when asked for them', async () => {
    const everything = await allHits();
    for (const hidden of ['p', 'a', 'd']) expect(everything.map((hit) => hit.id)).not.toContain(ids[hidden]);
    const asked = await found({ status: ['PENDING', 'APPROVED'] });
    expect(asked.nbHits).toBe(0);
    expect(asked.hits).toEqual([]);
    expect(facet(asked, 'status')!.map((entry) => entry.value)).toEqual(['SCHEDULED', 'LIVE', 'RESERVE_NOT_MET', 'SOLD']);
    // Porsche has six lots in the brand; three are public.
    const porsche = await found({ query: 'porsche' });
    expect(keysOf(porsche.hits)).toEqual(['e1', 'l2', 's1']);
    expect(facet(porsche, 'dataFields.make.value')).toEqual([{ value: 'Porsche', count: 3 }]);
  });

  it('hits carry what the card shows: cover image, title, dates, price, status and reserve', async () => {
    const sold = (await found({ status: ['SOLD'] })).hits;
    expect(sold).toHaveLength(1);
    expect(sold[0]).toMatchObject({
      id: ids.e1,
      title: 'Porsche 911 RSR',
      status: 'SOLD',
      coverImage: COVER_E1,
      startPrice: 0,
      topBidAmount: 5000,
      finalPrice: 5000,
      reserve: 0,
      currency: 'USD',
      bidCount: 1,
      brand: HOME,
    });
    expect(sold[0]!.slug).toMatch(/^porsche-911-rsr-\d+$/);
    expect(new Date(sold[0]!.finalEndDate!).getTime() - new Date(sold[0]!.scheduledStartDate!).getTime()).toBe(7 * DAY);
    const notMet = (await found({ status: ['RESERVE_NOT_MET'] })).hits;
    expect(notMet.map((hit) => [hit.id, hit.reserve, hit.topBidAmount])).toEqual([[ids.e2, 100_000, 1000]]);
  });

  it('filters on every facet: values of one facet are OR-ed, facets are AND-ed', async () => {
    expect(keysOf((await found({ sellerTypes: ['Dealer'] })).hits)).toEqual(['e1', 'l1', 'l3', 'n1', 'n2', 's1']);
    expect(keysOf((await found({ status: ['LIVE'] })).hits)).toEqual(['l1', 'l2', 'l3']);
    expect(keysOf((await found({ status: ['SOLD', 'RESERVE_NOT_MET'] })).hits)).toEqual(['e1', 'e2']);
    expect(keysOf((await found({ countries: ['IT', 'GB'] })).hits)).toEqual(['e2', 'l1', 'n1', 'n3', 's2']);
    expect(keysOf((await found({ makes: ['Ferrari', 'Lola'] })).hits)).toEqual(['e2', 'l1']);
    expect(keysOf((await found({ years: ['1974'] })).hits)).toEqual(['e1', 'n3']);
    expect(keysOf((await found({ years: ['1969'], sellerTypes: ['Private'] })).hits)).toEqual(['s2']);
    const none = await found({ makes: ['Bugatti'] });
    expect(none).toMatchObject({ nbHits: 0, nbPages: 0, hits: [] });
  });

  it('counts facets disjunctively: each facet ignores its own filter and applies the others', async () => {
    const live = await found({ status: ['LIVE'] });
    expect(live.nbHits).toBe(3);
    // Ticking LIVE still shows how many lots every other status has.
    expect(facet(live, 'status')).toEqual([
      { value: 'SCHEDULED', count: 11 },
      { value: 'LIVE', count: 3 },
      { value: 'RESERVE_NOT_MET', count: 1 },
      { value: 'SOLD', count: 1 },
    ]);
    expect(facet(live, 'address.country')).toEqual([
      { value: 'DE', count: 1 },
      { value: 'GB', count: 1 },
      { value: 'US', count: 1 },
    ]);
    expect(facet(live, 'sellerType')).toEqual([
      { value: 'Dealer', count: 2 },
      { value: 'Private', count: 1 },
    ]);

    const combined = await found({ status: ['LIVE', 'SCHEDULED'], makes: ['Porsche'] });
    expect(keysOf(combined.hits)).toEqual(['l2', 's1']);
    // status facet: Porsche lots of every status.
    expect(facet(combined, 'status')).toEqual([
      { value: 'LIVE', count: 1 },
      { value: 'SCHEDULED', count: 1 },
      { value: 'SOLD', count: 1 },
    ]);
    // make facet: live or scheduled lots of every make.
    expect(facet(combined, 'dataFields.make.value')).toEqual([
      { value: 'Alpine', count: 6 },
      { value: 'Ford', count: 2 },
      { value: 'Porsche', count: 2 },
      { value: 'Alfa Romeo', count: 1 },
      { value: 'Lancia', count: 1 },
      { value: 'Lola', count: 1 },
      { value: 'Matra', count: 1 },
    ]);
    // the others: both filters.
    expect(facet(combined, 'address.country')).toEqual([{ value: 'DE', count: 2 }]);
    expect(facet(combined, 'dataFields.year.value')).toEqual([
      { value: '1969', count: 1 },
      { value: '1970', count: 1 },
    ]);
    expect(facet(combined, 'sellerType')).toEqual([
      { value: 'Dealer', count: 1 },
      { value: 'Private', count: 1 },
    ]);
  });

  it('text: every word must match as a prefix of a title, make, model or description word', async () => {
    expect(keysOf((await found({ query: 'porsc' })).hits)).toEqual(['e1', 'l2', 's1']);
    expect(keysOf((await found({ query: 'PORSCHE 917' })).hits)).toEqual(['l2']);
    expect(keysOf((await found({ query: 'gt4' })).hits)).toEqual(['l3']);
    expect(keysOf((await found({ query: 'alpine numb 3' })).hits)).toEqual(['f3']);
    expect(keysOf((await found({ query: 'colours' })).hits)).toEqual(['s2']);
    expect((await found({ query: 'porsche bugatti' })).nbHits).toBe(0);
    // Text and facets together; facets count the text matches only.
    const text = await found({ query: 'porsc', status: ['LIVE', 'SCHEDULED'] });
    expect(keysOf(text.hits)).toEqual(['l2', 's1']);
    expect(facet(text, 'status')).toEqual([
      { value: 'LIVE', count: 1 },
      { value: 'SCHEDULED', count: 1 },
      { value: 'SOLD', count: 1 },
    ]);
  });

  it('text: a title match ranks above a description match when the sort key ties', async () => {
    // s1 has "Gulf" in its title and "zephyr" in its description; s2 the other way round. Both
    // cost 0, so bid-asc ties and rank decides; the id tie-break alone would give one order twice.
    expect((await found({ query: 'gulf', sortBy: 'bid-asc' })).hits.map((hit) => hit.id)).toEqual([ids.s1, ids.s2]);
    expect((await found({ query: 'zephyr', sortBy: 'bid-asc' })).hits.map((hit) => hit.id)).toEqual([ids.s2, ids.s1]);
  });

  it('highlights: the hits whose title matched, in hits order, the title cut into marked and plain segments', async () => {
    const HIGHLIGHTS = `query($query: String, $sortBy: String) {
      auctionSearch(query: $query, sortBy: $sortBy) { hits { id } highlights { lotId title { text match } } }
    }`;
    type Answer = {
      auctionSearch: { hits: Array<{ id: string }>; highlights: Array<{ lotId: string; title: Array<{ text: string; match: boolean }> }> };
    };
    const gulf = await app.gql<Answer>(HIGHLIGHTS, { query: 'gulf rac', sortBy: 'bid-asc' }, { brand: HOME });
    expect(gulf.errors, JSON.stringify(gulf.errors)).toBeUndefined();
    // s2 matches "gulf" in its description only: no highlight for it.
    expect(gulf.data!.auctionSearch.highlights).toEqual([
      {
        lotId: ids.s1,
        title: [
          { text: 'Gulf', match: true },
          { text: ' ', match: false },
          { text: 'Racing', match: true },
          { text: ' 908', match: false },
        ],
      },
    ]);
    const none = await app.gql<Answer>(HIGHLIGHTS, {}, { brand: HOME });
    expect(none.data!.auctionSearch.highlights).toEqual([]);
  });

  it('sorts by end date, start date and current price in both directions, ties by id', async () => {
    const time = (value: string | null): number => new Date(value!).getTime();
    const price = (hit: Hit): number => hit.topBidAmount ?? hit.startPrice;
    const byId = (a: Hit, b: Hit): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const ended = (hit: Hit): number => (hit.status === 'SOLD' || hit.status === 'RESERVE_NOT_MET' ? 1 : 0);
    const expectations: Array<[string, (a: Hit, b: Hit) => number, string]> = [
      // Ending Soonest: running lots first by end date, then ended ones, the most recent first.
      [
        'endDate-asc',
        (a, b) =>
          ended(a) - ended(b) ||
          (ended(a) ? time(b.finalEndDate) - time(a.finalEndDate) : time(a.finalEndDate) - time(b.finalEndDate)) ||
          byId(a, b),
        'l1',
      ],
      ['endDate-desc', (a, b) => time(b.finalEndDate) - time(a.finalEndDate) || byId(a, b), 'n3'],
      ['startDate-asc', (a, b) => time(a.scheduledStartDate) - time(b.scheduledStartDate) || byId(a, b), 'e1'],
      ['startDate-desc', (a, b) => time(b.scheduledStartDate) - time(a.scheduledStartDate) || byId(a, b), 'n3'],
      ['bid-asc', (a, b) => price(a) - price(b) || byId(a, b), ''],
      ['bid-desc', (a, b) => price(b) - price(a) || byId(a, b), 'l2'],
    ];
    for (const [sortBy, compare, firstKey] of expectations) {
      const hits = await allHits({ sortBy });
      expect(hits, sortBy).toHaveLength(16);
      expect(
        hits.map((hit) => hit.id),
        sortBy,
      ).toEqual([...hits].sort(compare).map((hit) => hit.id));
      if (firstKey) expect(hits[0]!.id, sortBy).toBe(ids[firstKey]);
      expect((await found({ sortBy })).sortBy).toBe(sortBy);
    }
    const soonest = await allHits({ sortBy: 'endDate-asc' });
    expect(soonest.slice(-2).map((hit) => hit.id)).toEqual([ids.e2, ids.e1]);
    expect(soonest.slice(0, 3).map((hit) => hit.id)).toEqual([ids.l1, ids.l2, ids.l3]);
    // Current price: top bid, else start price; the twelve lots without bids tie at 0, by id.
    const ascending = await allHits({ sortBy: 'bid-asc' });
    expect(ascending.slice(12).map((hit) => [hit.id, price(hit)])).toEqual([
      [ids.e2, 1000],
      [ids.l1, 2500],
      [ids.e1, 5000],
      [ids.l2, 9000],
    ]);
    const zeros = ascending.slice(0, 12).map((hit) => hit.id);
    expect(zeros).toEqual([...zeros].sort());
    const descending = await allHits({ sortBy: 'bid-desc' });
    expect(descending.slice(4).map((hit) => hit.id)).toEqual(zeros);
  });

  it('pages by the brand displayLimit (default 15): 1-based, stable, nbPages, empty past the end', async () => {
    const first = await found();
    const second = await found({ page: 2 });
    expect(second).toMatchObject({ nbHits: 16, page: 2, nbPages: 2, hitsPerPage: 15 });
    expect(second.hits).toHaveLength(1);
    expect(new Set([...first.hits, ...second.hits].map((hit) => hit.id)).size).toBe(16);
    expect(await found({ page: 3 })).toMatchObject({ nbHits: 16, page: 3, nbPages: 2, hits: [] });
    expect((await found({ page: 2147483647 })).hits).toEqual([]);

    const settings = app.service.app.get(BrandAuctionSettingsProvider);
    try {
      settings.override(HOME, { displayLimit: 50 });
      const whole = await found({ sortBy: 'bid-asc' });
      expect(whole).toMatchObject({ nbPages: 1, hitsPerPage: 50 });
      settings.override(HOME, { displayLimit: 4 });
      const paged: Hit[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const answer = await found({ sortBy: 'bid-asc', page });
        expect(answer).toMatchObject({ nbHits: 16, page, nbPages: 4, hitsPerPage: 4 });
        expect(answer.hits).toHaveLength(4);
        paged.push(...answer.hits);
      }
      // Twelve lots tie on price: the id tie-break keeps pages disjoint and in one order.
      expect(paged.map((hit) => hit.id)).toEqual(whole.hits.map((hit) => hit.id));
      expect((await found({ sortBy: 'bid-asc', page: 5 })).hits).toEqual([]);
      // Another brand keeps its own limit.
      expect((await found({}, HOST)).hitsPerPage).toBe(15);
    } finally {
      settings.override(HOME, { displayLimit: 15 });
    }
  });

  it('shows a brand its own lots and the lots it accepted from the network, nothing else', async () => {
    const host = await found({}, HOST);
    expect(keysOf(host.hits)).toEqual(['h1', 'n1', 'n3']);
    expect(host.hits.find((hit) => hit.id === ids.n1)).toMatchObject({ brand: HOME, hosts: [HOST] });
    expect(facet(host, 'dataFields.make.value')).toEqual([
      { value: 'Alfa Romeo', count: 1 },
      { value: 'Cartier', count: 1 },
      { value: 'Lancia', count: 1 },
    ]);
    // The owner brand does not see the host brand's own lot.
    expect((await allHits()).map((hit) => hit.id)).not.toContain(ids.h1);
    expect(keysOf((await found({ query: 'porsche' }, HOST)).hits)).toEqual(['h1']);
    // A brand that accepted nothing sees nothing, and its facets are empty.
    const other = await found({}, OTHER);
    expect(other).toMatchObject({ nbHits: 0, nbPages: 0, hits: [] });
    expect(other.facets).toEqual(FACET_NAMES.map((name) => ({ name, values: [] })));

    // A host that declines after accepting drops the lot from its search.
    await staffCall('declineAuction', ids.n3!, hostStaff);
    const after = await until(
      () => found({}, HOST),
      (answer) => answer.nbHits === 2,
    );
    expect(keysOf(after.hits)).toEqual(['h1', 'n1']);
    expect((await allHits()).map((hit) => hit.id)).toContain(ids.n3);
  });

  it('follows edits: a renamed lot is found by its new title, a disapproved one disappears', async () => {
    const renamed = await app.gql(
      `mutation($id: ID!) { updateAuction(input: { where: { id: $id }, data: { title: "Alpine Berlinette Tour de Corse" } }) { auction { id } } }`,
      { id: ids.f6 },
      { token: seller.token },
    );
    expect(renamed.errors, JSON.stringify(renamed.errors)).toBeUndefined();
    const byNewTitle = await until(
      () => found({ query: 'berlinet' }),
      (answer) => answer.nbHits === 1,
    );
    expect(byNewTitle.hits[0]).toMatchObject({ id: ids.f6, title: 'Alpine Berlinette Tour de Corse' });
    expect(keysOf((await found({ query: 'alpine number' })).hits)).toEqual(['f1', 'f2', 'f3', 'f4', 'f5']);

    const disapproved = await app.gql(
      `mutation($id: ID!) { disapproveAuction(id: $id, reason: "Wrong photos") { status } }`,
      { id: ids.f5 },
      {
        token: staff.token,
      },
    );
    expect(disapproved.errors).toBeUndefined();
    const gone = await until(
      () => found({ makes: ['Alpine'] }),
      (answer) => answer.nbHits === 5,
    );
    expect(gone.hits.map((hit) => hit.id)).not.toContain(ids.f5);
    expect(facet(await found(), 'status')).toContainEqual({ value: 'SCHEDULED', count: 10 });
  });

  it('refuses bad input with a validation error, never a server error', async () => {
    const refused = async (args: Record<string, unknown>, message: RegExp): Promise<void> => {
      const result = await app.gql(SEARCH, args, { brand: HOME });
      expect(result.data, JSON.stringify(args)).toBeNull();
      expect(errorCode(result), JSON.stringify(args)).toBe('auction.validation');
      expect(result.errors![0]!.message).toMatch(message);
    };
    await refused(
      { sortBy: 'price-asc' },
      /^sortBy must be one of endDate-asc, endDate-desc, startDate-asc, startDate-desc, bid-asc, bid-desc\.$/,
    );
    await refused({ sortBy: 'endDate' }, /^sortBy must be one of/);
    await refused({ page: 0 }, /^page must be a whole number of at least 1\.$/);
    await refused({ page: -1 }, /^page must be/);
    await refused({ query: 'p'.repeat(201) }, /^query must be at most 200 characters\.$/);
    await refused({ makes: Array.from({ length: 51 }, (_, n) => `Make ${n}`) }, /^makes accepts at most 50 values\.$/);
    await refused({ countries: Array.from({ length: 51 }, (_, n) => `C${n}`) }, /^countries accepts at most 50 values\.$/);
    await refused({ years: [''] }, /^years values cannot be empty\.$/);
    await refused({ sellerTypes: ['x'.repeat(101)] }, /^sellerTypes values must be at most 100 characters\.$/);
    // Wrong types are refused by the schema itself, with GraphQL's own code.
    for (const args of [{ status: ['BOGUS'] }, { page: 2 ** 31 }, { page: 'two' }]) {
      const result = await app.gql(SEARCH, args, { brand: HOME });
      expect(result.errors?.length, JSON.stringify(args)).toBeGreaterThan(0);
      expect(errorCode(result)).not.toBe('INTERNAL_SERVER_ERROR');
    }
    // Query syntax characters are not an error: they are not words.
    expect(keysOf((await found({ query: "porsche & !911 | (rsr):* ' --" })).hits)).toEqual(['e1']);
  });

  it('a lot moving through its life keeps the index current: scheduled, live, bid, sold', async () => {
    const id = await publish(
      { key: 'life', title: 'Lifecycle Lotus Eleven', make: 'Lotus', year: '1957', country: 'GB', sellerType: 'Private' },
      60_000,
    );
    const lotus = () => found({ query: 'lifecycle' });
    expect((await until(lotus, (answer) => answer.nbHits === 1)).hits[0]).toMatchObject({
      id,
      status: 'SCHEDULED',
      topBidAmount: null,
    });

    app.clock.advance(70_000);
    await waitForStatus(['life'], 'LIVE');
    const live = await until(lotus, (answer) => answer.hits[0]?.status === 'LIVE');
    expect(facet(live, 'status')).toEqual([{ value: 'LIVE', count: 1 }]);
    expect(keysOf((await found({ status: ['LIVE'], makes: ['Lotus'] })).hits)).toEqual(['life']);

    await bid(id, 12_000);
    // Its current price is now the top bid: the highest of the brand.
    await until(
      () => found({ sortBy: 'bid-desc' }),
      (answer) => answer.hits[0]?.id === id && answer.hits[0]?.topBidAmount === 12_000,
    );

    app.clock.advance(7 * DAY);
    await waitForStatus(['life'], 'SOLD');
    const sold = await until(lotus, (answer) => answer.hits[0]?.status === 'SOLD');
    expect(sold.hits[0]).toMatchObject({ id, finalPrice: 12_000 });
    // Hits are presented from the lot read model; the status filter reads the index, which is its
    // own processor and may be a moment behind: wait for the index too.
    const soldFilter = await until(
      () => found({ status: ['SOLD'] }),
      (answer) => keysOf(answer.hits).includes('life'),
    );
    expect(keysOf(soldFilter.hits)).toEqual(expect.arrayContaining(['e1', 'life']));
  }, 90_000);

  it('is rebuilt from the log with the other projections (npm run projections:rebuild)', async () => {
    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    const documents = async (): Promise<unknown[]> => (await pool.query('SELECT * FROM auction.search_documents ORDER BY id')).rows;
    const withoutClock = ({ serverTime: _time, hits, ...rest }: SearchAnswer) => ({
      ...rest,
      hits: hits.map(({ serverTime: _hitTime, ...hit }: Hit & { serverTime?: string }) => hit),
    });
    try {
      const before = await documents();
      const answers = await Promise.all([found(), found({ page: 2, sortBy: 'bid-desc' }), found({ query: 'porsc' }, HOST)]);
      await resetAuctionProjections(pool, app.service.app.get(ServiceProcessorHost).rebuildPlan());
      // The reset empties the building table, not the searched one: searches answer as before until the replay replaces it.
      expect(await documents()).toEqual(before);
      await app.restart();
      await app.service.app.get(AuctionSearchProcessor).caughtUp();
      expect(await documents()).toEqual(before);
      const rebuilt = await Promise.all([found(), found({ page: 2, sortBy: 'bid-desc' }), found({ query: 'porsc' }, HOST)]);
      expect(rebuilt.map(withoutClock)).toEqual(answers.map(withoutClock));
    } finally {
      await pool.end();
    }
  });
});
