import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_EVENTS, directoryStreamId } from '@trackside/contracts';
import { demoId } from '@trackside/catalogue-service';
import { PostgresEventStore } from '@trackside/event-store';
import { waitUntil } from '@trackside/testing';
import pg from 'pg';
import { CatalogueTestApp, dataOf, errorCode, errorMessage, type GqlResult, type TestUser } from '../support/catalogue-test-app';

const FIELDS = `id status featured name category addressCountry addressState addressCity addressPostal addressStreet1 addressStreet2
  hoursOfOperation { Su Mo Tu We Th Fr Sa } website phone email keywords socialLinks { facebook instagram youtube linkedin twitter }
  videoURL image { id url } activeSubscription subscriptionPeriodEnd subscriptionCancelAtPeriodEnd userId packageId claimKey reviewReason`;
const CREATE = `mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { ${FIELDS} } } }`;
const UPDATE = `mutation($id: ID!, $data: DirectoryInput!) { updateDirectory(input: { where: { id: $id }, data: $data }) { directory { ${FIELDS} } } }`;
const MINE = `query($start: Int, $limit: Int) { myDirectories(start: $start, limit: $limit) { ${FIELDS} } }`;
const LIST = `query($where: DirectoryWhere) { directories(where: $where) { ${FIELDS} } }`;
const SEARCH = `query($q: String, $category: String, $page: Int, $featuredPage: Int) {
  directorySearch(q: $q, category: $category, page: $page, featuredPage: $featuredPage) {
    featured { nbHits page nbPages hitsPerPage hits { id name category featured activeSubscription status socialLinks { instagram } videoURL } }
    regular { nbHits page nbPages hitsPerPage hits { id name category featured activeSubscription status socialLinks { instagram } videoURL } }
  } }`;
const REVIEW = `mutation($id: ID!, $status: String!, $reason: String) { reviewDirectory(id: $id, status: $status, reason: $reason) { directory { id status reviewReason } } }`;

type Directory = Record<string, unknown> & { id: string; status: string; name: string; keywords: string[]; activeSubscription: boolean };
interface SearchSet {
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  hits: Array<Directory & { category: string; featured: boolean }>;
}

const valid = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Turn Nine Motorsport',
  category: 'ENGINEERS',
  addressCountry: 'US',
  addressState: 'CA',
  addressCity: 'Monterey',
  addressPostal: '93940',
  addressStreet1: '9 Corkscrew Way',
  website: 'https://turnnine.example.com',
  phone: '+1 555 0199',
  email: 'Pit@TurnNine.example.com',
  keywords: ['engines'],
  hoursOfOperation: { Mo: '9:00 AM - 5:00 PM', Sa: null },
  tos: true,
  ...overrides,
});

describe('business directory (e2e, GraphQL and REST, PostgreSQL)', () => {
  let app: CatalogueTestApp;
  let owner: TestUser;
  let other: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
    owner = app.user();
    other = app.user();
    staff = app.user({ permissions: { websiteEnabled: true } });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function create(
    data: Record<string, unknown>,
    user: TestUser = owner,
  ): Promise<GqlResult<{ createDirectory: { directory: Directory } }>> {
    return app.gql(CREATE, { data }, { token: user.token, brand: user.brand });
  }

  async function search(variables: Record<string, unknown>, brand = 'trackside'): Promise<{ featured: SearchSet; regular: SearchSet }> {
    return dataOf(await app.gql<{ directorySearch: { featured: SearchSet; regular: SearchSet } }>(SEARCH, variables, { brand }))
      .directorySearch;
  }

  describe('search', () => {
    it('keeps featured (4 per page) and regular (8 per page) sets apart, approved entries only', async () => {
      const first = await search({}, 'jewelry');
      expect(first.featured).toMatchObject({ nbHits: 10, page: 1, nbPages: 3, hitsPerPage: 4 });
      expect(first.featured.hits).toHaveLength(4);
      expect(first.featured.hits.every((hit) => hit.featured && hit.activeSubscription && hit.status === 'approved')).toBe(true);
      // Ten regular entries plus the featured one whose subscription is unpaid; pending and declined never show.
      expect(first.regular).toMatchObject({ nbHits: 11, page: 1, nbPages: 2, hitsPerPage: 8 });
      expect(first.regular.hits).toHaveLength(8);
      const names = [...first.regular.hits, ...(await search({ page: 2 }, 'jewelry')).regular.hits].map((hit) => hit.name);
      expect(names).toContain('Unpaid Featured Garage');
      expect(names).not.toContain('Pending Pit Crew');
      expect(names).not.toContain('Declined Detailers');
      // An unpaid featured entry does not show its featured-only content publicly.
      const unpaid = (await search({ q: 'Unpaid Featured Garage' }, 'jewelry')).regular.hits[0]!;
      expect(unpaid).toMatchObject({ featured: true, activeSubscription: false, socialLinks: null, videoURL: null });

      const third = await search({ featuredPage: 3, page: 2 }, 'jewelry');
      expect(third.featured.hits).toHaveLength(2);
      expect(third.regular.hits).toHaveLength(3);
      expect((await search({ featuredPage: 4, page: 3 }, 'jewelry')).featured.hits).toEqual([]);
      const all = [...first.featured.hits, ...(await search({ featuredPage: 2 }, 'jewelry')).featured.hits, ...third.featured.hits];
      expect(new Set(all.map((hit) => hit.id)).size).toBe(10);
    });

    it('filters by category (EVERYTHING is no filter) and by query text', async () => {
      const tires = await search({ category: 'TIRES' }, 'jewelry');
      expect(tires.featured.hits.map((hit) => hit.name)).toEqual(['Slick and Wet Tires']);
      expect(tires.regular.hits.map((hit) => hit.name)).toEqual(['Compound Tire Co']);
      expect((await search({ category: 'simracing' }, 'jewelry')).featured.hits.map((hit) => hit.category)).toEqual(['SIMRACING']);
      expect((await search({ category: 'EVERYTHING' }, 'jewelry')).featured.nbHits).toBe(10);
      const text = await search({ q: 'restorations' }, 'jewelry');
      expect(text.regular.hits.map((hit) => hit.name)).toEqual(['Patina Restorations']);
      expect(text.featured.nbHits).toBe(0);
      const keyword = await search({ q: 'track day', category: 'EVERYTHING' }, 'jewelry');
      expect(keyword.featured.nbHits).toBe(10); // featured entries carry the keyword
      expect((await search({ q: 'monterey', category: 'RACETRACK' }, 'jewelry')).featured.hits.map((hit) => hit.name)).toEqual([
        'Laguna Ridge Raceway',
      ]);
      expect((await search({ q: '100%_' }, 'jewelry')).regular.nbHits).toBe(0);
      const bad = await app.gql(SEARCH, { category: 'BOATS' }, { brand: 'jewelry' });
      expect(errorCode(bad)).toBe('directory.category.invalid');
    });
  });

  describe('creating and editing', () => {
    it('creates a pending entry owned by the user, trimmed and normalised, not yet searchable', async () => {
      const result = await create(valid({ keywords: [' engines , dyno ', ' '], videoURL: null }));
      const directory = dataOf(result).createDirectory.directory;
      expect(directory).toMatchObject({
        status: 'pending',
        featured: false,
        userId: owner.id,
        email: 'pit@turnnine.example.com',
        keywords: ['engines', 'dyno'],
        hoursOfOperation: { Su: null, Mo: '9:00 AM - 5:00 PM', Tu: null, We: null, Th: null, Fr: null, Sa: null },
        activeSubscription: false,
        claimKey: null,
      });
      expect((await search({ q: 'Turn Nine' })).regular.nbHits).toBe(0);
    });

    it("answers 'Required' for each missing required field and the terms", async () => {
      for (const field of ['name', 'category', 'addressCountry', 'addressState', 'addressCity']) {
        const result = await create(valid({ [field]: '  ' }));
        expect(errorCode(result), field).toBe('directory.required');
        expect(errorMessage(result)).toBe('Required');
        expect(result.errors![0]!.extensions!.details).toMatchObject({ fields: [{ path: field, message: 'Required' }] });
      }
      expect(errorMessage(await create(valid({ tos: false })))).toBe('Required');
      expect(errorMessage(await create(valid({ tos: undefined })))).toBe('Required');
    });

    it('limits keywords to 2, or 10 for featured entries', async () => {
      const three = await create(valid({ keywords: ['a', 'b', 'c'] }));
      expect(errorCode(three)).toBe('directory.keywords.tooMany');
      expect(errorMessage(three)).toBe('Too many keywords, maximum: 2');
      expect(errorMessage(await create(valid({ keywords: ['a, b, c'] })))).toBe('Too many keywords, maximum: 2');
      expect(dataOf(await create(valid({ keywords: ['a, b, , '] }))).createDirectory.directory.keywords).toEqual(['a', 'b']);
      const eleven = Array.from({ length: 11 }, (_, index) => `k${index}`);
      expect(errorMessage(await create(valid({ featured: true, keywords: eleven })))).toBe('Too many keywords, maximum: 10');
      expect(dataOf(await create(valid({ featured: true, keywords: eleven.slice(1) }))).createDirectory.directory.keywords).toHaveLength(
        10,
      );
    });

    it('stores video links in their embed form and refuses links that are not videos', async () => {
      const watch = dataOf(await create(valid({ featured: true, videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10' })))
        .createDirectory.directory;
      expect(watch.videoURL).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
      const short = dataOf(await create(valid({ featured: true, videoURL: 'https://youtu.be/dQw4w9WgXcQ' }))).createDirectory.directory;
      expect(short.videoURL).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
      const vimeo = dataOf(await create(valid({ featured: true, videoURL: 'https://vimeo.com/76979871' }))).createDirectory.directory;
      expect(vimeo.videoURL).toBe('https://player.vimeo.com/video/76979871');
      for (const link of ['https://example.com/watch?v=dQw4w9WgXcQ', 'not a url', 'javascript:alert(1)', 'https://www.youtube.com/']) {
        const result = await create(valid({ featured: true, videoURL: link }));
        expect(errorCode(result), link).toBe('directory.videoURL.invalid');
      }
      // Featured-only content on a regular entry is refused.
      expect(errorCode(await create(valid({ videoURL: 'https://youtu.be/dQw4w9WgXcQ' })))).toBe('catalogue.validation');
      expect(errorCode(await create(valid({ socialLinks: { instagram: 'https://instagram.com/x' } })))).toBe('catalogue.validation');
    });

    it('refuses hours in a bad shape, unknown categories, bad contact details and foreign owners, writing nothing', async () => {
      const before = dataOf(await app.gql<{ myDirectories: Directory[] }>(MINE, {}, { token: owner.token })).myDirectories.length;
      expect(errorCode(await create(valid({ hoursOfOperation: { Monday: '9-5' } })))).toBe('directory.hoursOfOperation.invalid');
      expect(errorCode(await create(valid({ hoursOfOperation: ['9-5'] })))).toBe('directory.hoursOfOperation.invalid');
      expect(errorCode(await create(valid({ hoursOfOperation: { Mo: 9 } })))).toBe('directory.hoursOfOperation.invalid');
      expect(errorCode(await create(valid({ hoursOfOperation: 'always' })))).toBe('directory.hoursOfOperation.invalid');
      expect(errorCode(await create(valid({ category: 'BOATS' })))).toBe('directory.category.invalid');
      expect(errorCode(await create(valid({ website: 'turnnine.example.com' })))).toBe('catalogue.validation');
      expect(errorCode(await create(valid({ email: 'nope' })))).toBe('catalogue.validation');
      expect(errorCode(await create(valid({ image: randomUUID() })))).toBe('catalogue.validation');
      expect(errorCode(await create(valid({ packageId: randomUUID() })))).toBe('directory.package.invalid');
      const foreign = await create(valid({ userId: other.id }));
      expect(errorCode(foreign)).toBe('catalogue.access.denied');
      expect(errorMessage(foreign)).toBe('Access denied...');
      expect(errorCode(await create(valid({ claimable: true })))).toBe('FORBIDDEN');
      const after = dataOf(await app.gql<{ myDirectories: Directory[] }>(MINE, {}, { token: owner.token })).myDirectories.length;
      expect(after).toBe(before);
    });

    it('needs a signed-in, confirmed user', async () => {
      expect(errorCode(await app.gql(CREATE, { data: valid() }))).toBe('FORBIDDEN');
      expect(errorCode(await create(valid(), app.user({ confirmed: false })))).toBe('FORBIDDEN');
    });

    it("lets only the owner edit ('Access denied...'); a declined entry goes back to review after an edit", async () => {
      const created = dataOf(await create(valid({ name: 'Review Me Garage' }))).createDirectory.directory;
      const denied = await app.gql(UPDATE, { id: created.id, data: { name: 'Stolen' } }, { token: other.token });
      expect(errorCode(denied)).toBe('catalogue.access.denied');
      expect(errorMessage(denied)).toBe('Access denied...');
      expect(errorCode(await app.gql(UPDATE, { id: created.id, data: { name: 'X' } }))).toBe('FORBIDDEN');

      expect(errorCode(await app.gql(REVIEW, { id: created.id, status: 'declined' }, { token: owner.token }))).toBe('FORBIDDEN');
      const declined = dataOf(
        await app.gql<{ reviewDirectory: { directory: Directory } }>(
          REVIEW,
          { id: created.id, status: 'declined', reason: 'No street' },
          { token: staff.token },
        ),
      );
      expect(declined.reviewDirectory.directory).toMatchObject({ status: 'declined', reviewReason: 'No street' });

      const edited = dataOf(
        await app.gql<{ updateDirectory: { directory: Directory } }>(
          UPDATE,
          { id: created.id, data: { addressStreet1: '1 Main St', keywords: ['a', 'b'] } },
          { token: owner.token },
        ),
      );
      expect(edited.updateDirectory.directory).toMatchObject({
        status: 'pending',
        reviewReason: null,
        addressStreet1: '1 Main St',
        name: 'Review Me Garage',
        keywords: ['a', 'b'],
      });
      expect(errorMessage(await app.gql(UPDATE, { id: created.id, data: { keywords: ['a', 'b', 'c'] } }, { token: owner.token }))).toBe(
        'Too many keywords, maximum: 2',
      );

      const approved = dataOf(
        await app.gql<{ reviewDirectory: { directory: Directory } }>(
          REVIEW,
          { id: created.id, status: 'approved' },
          { token: staff.token },
        ),
      );
      expect(approved.reviewDirectory.directory.status).toBe('approved');
      expect((await search({ q: 'Review Me Garage' })).regular.hits.map((hit) => hit.id)).toEqual([created.id]);
      // Also accepted: the id inside data (the spec's "id when updating").
      const byDataId = await app.gql<{ updateDirectory: { directory: Directory } }>(
        `mutation($data: DirectoryInput!) { updateDirectory(input: { data: $data }) { directory { id phone } } }`,
        { data: { id: created.id, phone: '+1 555 0142' } },
        { token: owner.token },
      );
      expect(dataOf(byDataId).updateDirectory.directory).toEqual({ id: created.id, phone: '+1 555 0142' });
    });

    it('upgrades to a featured plan unpaid, and a downgrade drops featured-only content', async () => {
      const plans = dataOf(
        await app.gql<{ pricingPackages: Array<{ id: string; featured: boolean }> }>(
          `{ pricingPackages(where: { type: "DIRECTORY" }) { id featured } }`,
        ),
      ).pricingPackages;
      const featuredPlan = plans.find((plan) => plan.featured)!;
      const created = dataOf(await create(valid({ name: 'Upgrade Garage' }))).createDirectory.directory;
      const upgraded = dataOf(
        await app.gql<{ updateDirectory: { directory: Directory } }>(
          UPDATE,
          {
            id: created.id,
            data: { packageId: featuredPlan.id, videoURL: 'https://youtu.be/dQw4w9WgXcQ', keywords: ['a', 'b', 'c', 'd'] },
          },
          { token: owner.token },
        ),
      ).updateDirectory.directory;
      expect(upgraded).toMatchObject({
        featured: true,
        activeSubscription: false,
        packageId: featuredPlan.id,
        videoURL: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      });
      expect(errorMessage(await app.gql(UPDATE, { id: created.id, data: { featured: false } }, { token: owner.token }))).toBe(
        'Too many keywords, maximum: 2',
      );
      const downgraded = dataOf(
        await app.gql<{ updateDirectory: { directory: Directory } }>(
          UPDATE,
          { id: created.id, data: { featured: false, keywords: ['a'] } },
          { token: owner.token },
        ),
      ).updateDirectory.directory;
      expect(downgraded).toMatchObject({ featured: false, videoURL: null, keywords: ['a'] });
    });
  });

  describe('lists', () => {
    it('myDirectories lists the own entries in every status (start 0, limit 50); directories by owner and id list show visitors approved ones only', async () => {
      const seller = app.user({ id: demoSeller('trackside') });
      const mine = dataOf(await app.gql<{ myDirectories: Directory[] }>(MINE, {}, { token: seller.token })).myDirectories;
      expect(new Set(mine.map((entry) => entry.status))).toEqual(new Set(['pending', 'approved', 'declined']));
      expect(mine.every((entry) => entry.userId === seller.id)).toBe(true);
      expect(
        dataOf(await app.gql<{ myDirectories: Directory[] }>(MINE, { start: 1, limit: 2 }, { token: seller.token })).myDirectories.map(
          (entry) => entry.id,
        ),
      ).toEqual(mine.slice(1, 3).map((entry) => entry.id));
      expect(errorCode(await app.gql(MINE))).toBe('FORBIDDEN');

      const publicView = dataOf(await app.gql<{ directories: Directory[] }>(LIST, { where: { userId: seller.id } })).directories;
      expect(publicView.length).toBeGreaterThan(0);
      expect(publicView.every((entry) => entry.status === 'approved')).toBe(true);
      expect(publicView.length).toBeLessThan(mine.length);
      const ownView = dataOf(
        await app.gql<{ directories: Directory[] }>(LIST, { where: { userId: seller.id } }, { token: seller.token }),
      ).directories;
      expect(ownView).toHaveLength(mine.length);
      expect(ownView.find((entry) => entry.status === 'declined')!.reviewReason).toBe('Please add a street address.');

      const ids = mine.map((entry) => entry.id);
      const byIds = dataOf(await app.gql<{ directories: Directory[] }>(LIST, { where: { id_in: [...ids, 'junk'] } })).directories;
      expect(byIds.map((entry) => entry.id).sort()).toEqual(publicView.map((entry) => entry.id).sort());
      // Staff see every status, and the claim keys.
      const pending = dataOf(
        await app.gql<{ directories: Directory[] }>(LIST, { where: { status: 'pending' } }, { token: staff.token }),
      ).directories;
      expect(pending.length).toBeGreaterThan(0);
      expect(dataOf(await app.gql<{ directories: Directory[] }>(LIST, { where: { status: 'pending' } })).directories).toEqual([]);
      // Another brand sees none of them.
      expect(
        dataOf(await app.gql<{ directories: Directory[] }>(LIST, { where: { id_in: ids } }, { brand: 'jewelry' })).directories,
      ).toEqual([]);
    });
  });

  describe('bookmarks', () => {
    const ADD = `mutation($d: ID!, $u: ID, $b: String) { addDirectoryBookmark(directoryId: $d, userId: $u, brand: $b) { id directoryId userId brand directory { id name } } }`;
    const REMOVE = `mutation($d: ID!, $u: ID) { removeDirectoryBookmark(directoryId: $d, userId: $u) { id directoryId } }`;
    const BOOKMARKS = `query($u: ID) { directoryBookmarks(userId: $u) { directoryId directory { id name } } }`;

    it('adds (once), lists and removes a bookmark of the signed-in user only', async () => {
      const fan = app.user();
      const [target] = (await search({ category: 'PARTS' })).featured.hits;
      const added = dataOf(
        await app.gql<{ addDirectoryBookmark: { id: string; directoryId: string } }>(
          ADD,
          { d: target!.id, u: fan.id, b: 'trackside' },
          { token: fan.token },
        ),
      );
      expect(added.addDirectoryBookmark).toMatchObject({
        directoryId: target!.id,
        userId: fan.id,
        brand: 'trackside',
        directory: { id: target!.id },
      });
      const again = dataOf(await app.gql<{ addDirectoryBookmark: { id: string } }>(ADD, { d: target!.id }, { token: fan.token }));
      expect(again.addDirectoryBookmark.id).toBe(added.addDirectoryBookmark.id);
      expect(
        dataOf(await app.gql<{ directoryBookmarks: unknown[] }>(BOOKMARKS, { u: fan.id }, { token: fan.token })).directoryBookmarks,
      ).toEqual([{ directoryId: target!.id, directory: { id: target!.id, name: target!.name } }]);

      expect(errorCode(await app.gql(BOOKMARKS, { u: fan.id }, { token: other.token }))).toBe('catalogue.access.denied');
      expect(errorCode(await app.gql(ADD, { d: target!.id, u: other.id }, { token: fan.token }))).toBe('catalogue.access.denied');
      expect(errorCode(await app.gql(ADD, { d: target!.id, b: 'jewelry' }, { token: fan.token }))).toBe('FORBIDDEN');
      expect(errorCode(await app.gql(ADD, { d: target!.id }))).toBe('FORBIDDEN');
      const pending = dataOf(await create(valid({ name: 'Hidden Pending' }), other)).createDirectory.directory;
      expect(errorCode(await app.gql(ADD, { d: pending.id }, { token: fan.token }))).toBe('catalogue.notFound');

      expect(dataOf(await app.gql(REMOVE, { d: target!.id, u: fan.id }, { token: fan.token }))).toEqual({
        removeDirectoryBookmark: { id: added.addDirectoryBookmark.id, directoryId: target!.id },
      });
      expect(dataOf(await app.gql(REMOVE, { d: target!.id }, { token: fan.token }))).toEqual({ removeDirectoryBookmark: null });
      expect(dataOf(await app.gql<{ directoryBookmarks: unknown[] }>(BOOKMARKS, {}, { token: fan.token })).directoryBookmarks).toEqual([]);
    });
  });

  describe('claim and cancel (REST)', () => {
    it('claims an entry by key once, with the spec messages', async () => {
      const claimer = app.user();
      // The claim page names the business before the claim (issue 24 item 17); no key, no owner data.
      const CLAIMABLE = `query($key: String!) { claimableDirectory(key: $key) { id name addressCity claimKey } }`;
      const claimable = async (key: string, brand = 'trackside') =>
        dataOf(await app.gql<{ claimableDirectory: Directory | null }>(CLAIMABLE, { key }, { brand })).claimableDirectory;
      expect(await claimable('demo-claim-trackside-restoration')).toMatchObject({ name: 'Patina Restorations', claimKey: null });
      expect(await claimable('no-such-key')).toBeNull();
      expect(await claimable('demo-claim-trackside-restoration', 'jewelry')).toBeNull();
      expect(await app.rest('POST', '/directories/claim/demo-claim-trackside-restoration', { brand: 'trackside' })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN' },
      });
      const wrong = await app.rest('POST', '/directories/claim/no-such-key', { brand: 'trackside' }, { token: claimer.token });
      expect(wrong).toMatchObject({
        status: 404,
        body: {
          code: 'directory.claim.invalidKey',
          message: 'The provided key is not valid. Perhaps you have already claimed ownership of this directory.',
        },
      });
      expect(
        (await app.rest('POST', '/directories/claim/demo-claim-trackside-restoration', { brand: 'jewelry' }, { token: claimer.token }))
          .status,
      ).toBe(403);
      const claimed = await app.rest<{ message: string; directory: Directory }>(
        'POST',
        '/directories/claim/demo-claim-trackside-restoration',
        { brand: 'trackside' },
        { token: claimer.token },
      );
      expect(claimed.status).toBe(200);
      expect(claimed.body.message).toBe('You have successfully claimed ownership of this directory.');
      expect(claimed.body.directory).toMatchObject({ name: 'Patina Restorations', userId: claimer.id, claimKey: null });
      expect(await claimable('demo-claim-trackside-restoration')).toBeNull();
      const twice = await app.rest(
        'POST',
        '/directories/claim/demo-claim-trackside-restoration',
        { brand: 'trackside' },
        { token: app.user().token },
      );
      expect(twice).toMatchObject({
        status: 404,
        body: { message: 'The provided key is not valid. Perhaps you have already claimed ownership of this directory.' },
      });
      // The new owner can edit it now.
      expect(
        dataOf(await app.gql(UPDATE, { id: claimed.body.directory.id, data: { phone: '+1 555 0100' } }, { token: claimer.token })),
      ).toBeTruthy();
      // Another brand's key space is separate.
      expect(
        (await app.rest('POST', '/directories/claim/demo-claim-jewelry-storage', {}, { token: app.user({ brand: 'trackside' }).token }))
          .status,
      ).toBe(404);
    });

    it('staff create claimable entries with a key only staff see', async () => {
      const created = dataOf(await create(valid({ name: 'Claim Me Motors', claimable: true }), staff)).createDirectory.directory;
      expect(created.userId).toBeNull();
      expect(created.claimKey).toMatch(/^[\w-]{20,}$/);
      const claimer = app.user();
      expect((await app.rest('POST', `/directories/claim/${String(created.claimKey)}`, undefined, { token: claimer.token })).status).toBe(
        200,
      );
    });

    it("cancels the owner's active subscription once at the period end, with the spec messages, and tells payments", async () => {
      // Issue 17: cancelling keeps the Featured plan until the paid period ends (it used to end at once).
      const seller = app.user({ id: demoSeller('trackside') });
      const [paid] = dataOf(
        await app.gql<{ directories: Directory[] }>(LIST, { where: { userId: seller.id, featured: true } }, { token: seller.token }),
      ).directories.filter((entry) => entry.activeSubscription);
      expect(paid).toBeDefined();
      const periodEnd = String(paid!.subscriptionPeriodEnd);
      expect(new Date(periodEnd).getTime()).toBeGreaterThan(Date.now());
      const denied = await app.rest('POST', `/directories/cancel/${paid!.id}`, { brand: 'trackside' }, { token: other.token });
      expect(denied).toMatchObject({ status: 403, body: { code: 'catalogue.access.denied', message: 'Access denied...' } });
      const cancelled = await app.rest<{ message: string; directory: Directory }>(
        'POST',
        `/directories/cancel/${paid!.id}`,
        { brand: 'trackside' },
        { token: seller.token },
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({
        message: 'Subscription cancelled.',
        directory: {
          id: paid!.id,
          featured: true,
          activeSubscription: true,
          subscriptionCancelAtPeriodEnd: true,
          subscriptionPeriodEnd: periodEnd,
        },
      });
      const again = await app.rest('POST', `/directories/cancel/${paid!.id}`, { brand: 'trackside' }, { token: seller.token });
      expect(again).toMatchObject({ status: 400, body: { code: 'directory.cancel.failed', message: 'Failed to cancel subscription.' } });
      expect((await app.rest('POST', `/directories/cancel/${randomUUID()}`, {}, { token: seller.token })).body).toMatchObject({
        message: 'Failed to cancel subscription.',
      });
      // Still in the featured set until the period ends.
      expect((await search({ q: paid!.name })).featured.hits.map((hit) => hit.id)).toEqual([paid!.id]);

      const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
      try {
        // The stream also announces the entry itself (payable items); the cancellation is its subscription event.
        const events = (await new PostgresEventStore(pool).readStream(directoryStreamId(paid!.id))).filter((event) =>
          event.type.startsWith('DirectorySubscription'),
        );
        expect(events.map((event) => event.type)).toEqual([DIRECTORY_EVENTS.subscriptionCanceled]);
        expect(events[0]!.data).toEqual({ directoryId: paid!.id, brand: 'trackside', userId: seller.id, periodEnd });

        // The owner's PAID renewal for the entry's paid plan (payments layer) extends the period and
        // clears the cancellation (issue 17: the payer, the plan and the status are what the catalogue checks).
        await new PostgresEventStore(pool).append(
          `payment-${randomUUID()}`,
          [
            {
              type: 'PaymentSucceeded',
              data: {
                itemType: 'DIRECTORY',
                itemId: paid!.id,
                brand: 'trackside',
                paymentType: 'MONTHLY',
                userId: seller.id,
                packageId: paid!.packageId,
                status: 'PAID',
              },
              metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
            },
          ],
          { expectedVersion: 'no_stream' },
        );
        const mine = async (): Promise<Directory | undefined> =>
          dataOf(await app.gql<{ directories: Directory[] }>(LIST, { where: { id_in: [paid!.id] } }, { token: seller.token }))
            .directories[0];
        const renewed = await waitUntil(mine, (entry) => entry?.subscriptionCancelAtPeriodEnd === false);
        expect(renewed).toMatchObject({ activeSubscription: true, subscriptionCancelAtPeriodEnd: false });
        expect(new Date(String(renewed!.subscriptionPeriodEnd)).getTime()).toBeGreaterThan(new Date(periodEnd).getTime());
        // A restart reads the payments again: nothing changes (each payment extends the period once).
        await app.restart();
        expect(await mine()).toMatchObject({ subscriptionPeriodEnd: renewed!.subscriptionPeriodEnd, activeSubscription: true });
        expect((await search({ q: paid!.name })).featured.hits.map((hit) => hit.id)).toEqual([paid!.id]);
      } finally {
        await pool.end();
      }
    });
  });
});

/** The demo seller's id (the same as identity's demoUserId). */
function demoSeller(brand: string): string {
  return demoId(brand, 'seller');
}
