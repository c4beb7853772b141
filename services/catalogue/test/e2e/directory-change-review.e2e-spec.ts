import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueTestApp, dataOf, type TestUser } from '../support/catalogue-test-app';

const FIELDS = 'id status name phone keywords hoursOfOperation { Mo } reviewReason changesAwaitingReview pendingChanges';
const CREATE = `mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { ${FIELDS} } } }`;
const UPDATE = `mutation($id: ID!, $data: DirectoryInput!) { updateDirectory(input: { where: { id: $id }, data: $data }) { directory { ${FIELDS} } } }`;
const LIST = `query($ids: [ID!]) { directories(where: { id_in: $ids }) { ${FIELDS} } }`;
const SEARCH = `query($q: String) { directorySearch(q: $q) { regular { hits { id name } } } }`;
const REVIEW = `mutation($id: ID!, $status: String!, $reason: String) { reviewDirectory(id: $id, status: $status, reason: $reason) { directory { ${FIELDS} } } }`;
const QUEUE = `{ directoryReviewQueue(limit: 100) { count directories { id name status changesAwaitingReview pendingChanges } } }`;

interface Directory {
  id: string;
  status: string;
  name: string;
  phone: string | null;
  keywords: string[];
  hoursOfOperation: { Mo: string | null } | null;
  reviewReason: string | null;
  changesAwaitingReview: boolean;
  pendingChanges: Record<string, unknown> | null;
}

/**
 * Issue 24 item 15: a material change (name, image, video, keywords, links) to an approved directory
 * entry goes back to review while the approved version stays public; other edits apply at once.
 */
describe('directory: changes to an approved entry (e2e, GraphQL, PostgreSQL)', () => {
  let app: CatalogueTestApp;
  let owner: TestUser;
  let staff: TestUser;
  let id: string;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
    owner = app.user();
    staff = app.user({ permissions: { websiteEnabled: true } });
    const data = {
      name: 'Original Apex Garage',
      category: 'ENGINEERS',
      addressCountry: 'US',
      addressState: 'CA',
      addressCity: 'Monterey',
      phone: '+1 555 0100',
      keywords: ['engines'],
      tos: true,
    };
    id = dataOf(await app.gql<{ createDirectory: { directory: Directory } }>(CREATE, { data }, { token: owner.token })).createDirectory
      .directory.id;
    await review('approved');
  });
  afterAll(async () => {
    await app?.close();
  });

  async function update(data: Record<string, unknown>): Promise<Directory> {
    return dataOf(await app.gql<{ updateDirectory: { directory: Directory } }>(UPDATE, { id, data }, { token: owner.token }))
      .updateDirectory.directory;
  }
  async function review(status: string, reason?: string): Promise<Directory> {
    return dataOf(await app.gql<{ reviewDirectory: { directory: Directory } }>(REVIEW, { id, status, reason }, { token: staff.token }))
      .reviewDirectory.directory;
  }
  async function publicEntry(): Promise<Directory> {
    return dataOf(await app.gql<{ directories: Directory[] }>(LIST, { ids: [id] })).directories[0]!;
  }
  async function publicSearch(q: string): Promise<string[]> {
    const result = dataOf(await app.gql<{ directorySearch: { regular: { hits: Directory[] } } }>(SEARCH, { q }));
    return result.directorySearch.regular.hits.map((hit) => hit.name);
  }
  async function queue(): Promise<Directory[]> {
    return dataOf(await app.gql<{ directoryReviewQueue: { directories: Directory[] } }>(QUEUE, {}, { token: staff.token }))
      .directoryReviewQueue.directories;
  }

  it('applies a non-material edit at once, with nothing to review', async () => {
    const edited = await update({ phone: '+1 555 0111', hoursOfOperation: { Mo: '8:00 AM - 4:00 PM' } });
    expect(edited).toMatchObject({ status: 'approved', phone: '+1 555 0111', changesAwaitingReview: false, pendingChanges: null });
    expect(await publicEntry()).toMatchObject({ phone: '+1 555 0111', hoursOfOperation: { Mo: '8:00 AM - 4:00 PM' } });
    expect((await queue()).map((entry) => entry.id)).not.toContain(id);
  });

  it('keeps the approved name public until staff approve the renaming; the staff queue shows the change', async () => {
    const edited = await update({ name: 'Renamed Apex Garage', phone: '+1 555 0122' });
    // The owner sees that the change awaits review; the non-material phone applies at once.
    expect(edited).toMatchObject({
      status: 'approved',
      name: 'Original Apex Garage',
      phone: '+1 555 0122',
      changesAwaitingReview: true,
      pendingChanges: expect.objectContaining({ name: 'Renamed Apex Garage' }) as unknown,
    });
    expect(await publicEntry()).toMatchObject({
      name: 'Original Apex Garage',
      phone: '+1 555 0122',
      changesAwaitingReview: false,
      pendingChanges: null,
    });
    expect(await publicSearch('Original Apex')).toEqual(['Original Apex Garage']);
    expect(await publicSearch('Renamed Apex')).toEqual([]);
    expect((await queue()).find((entry) => entry.id === id)).toMatchObject({
      status: 'approved',
      name: 'Original Apex Garage',
      changesAwaitingReview: true,
      pendingChanges: expect.objectContaining({ name: 'Renamed Apex Garage' }) as unknown,
    });

    const approved = await review('approved');
    expect(approved).toMatchObject({ status: 'approved', name: 'Renamed Apex Garage', changesAwaitingReview: false, pendingChanges: null });
    expect(await publicSearch('Renamed Apex')).toEqual(['Renamed Apex Garage']);
    expect((await queue()).map((entry) => entry.id)).not.toContain(id);
  });

  it('a declined change leaves the approved version public and tells the owner why', async () => {
    const edited = await update({ keywords: ['engines', 'tuning'] });
    expect(edited).toMatchObject({ keywords: ['engines'], changesAwaitingReview: true });
    // A second edit before the review keeps the first change (the owner's version is the approved one with the change).
    const again = await update({ name: 'Apex Garage Deluxe' });
    expect(again.pendingChanges).toMatchObject({ keywords: ['engines', 'tuning'], name: 'Apex Garage Deluxe' });

    const declined = await review('declined', 'Keyword spam');
    expect(declined).toMatchObject({
      status: 'approved',
      name: 'Renamed Apex Garage',
      keywords: ['engines'],
      reviewReason: 'Keyword spam',
      changesAwaitingReview: false,
    });
    expect(await publicEntry()).toMatchObject({
      status: 'approved',
      name: 'Renamed Apex Garage',
      keywords: ['engines'],
      reviewReason: null,
    });
    expect(await publicSearch('Renamed Apex')).toEqual(['Renamed Apex Garage']);
    // The owner's next change replaces the declined one's reason.
    expect(await update({ keywords: ['engines', 'dyno'] })).toMatchObject({ reviewReason: null, changesAwaitingReview: true });
  });
});
