import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionTestApp, errorCode, eventually, makeUser, type GqlResult, type TestUser } from '../support/auction-test-app';

const BRAND = 'trackside';
const OTHER = 'jewelry';
const DAY = 86_400_000;

const REPORT_FIELDS = `id reason content resolved created_at reporter { id } resolution resolutionNote resolvedAt`;
const COMMENT_QUEUE = `query($resolved: Boolean, $start: Int, $limit: Int) {
  cmsCommentReports(resolved: $resolved, start: $start, limit: $limit) {
    count items { comment { id content blocked removed } originalContent lot { id title slug status brand } reports { ${REPORT_FIELDS} } } } }`;
const AUCTION_QUEUE = `query($resolved: Boolean) { cmsAuctionReports(resolved: $resolved) {
  count items { lot { id title slug status brand } reports { ${REPORT_FIELDS} auctionId } } } }`;
const COUNTS = `{ cmsAuctionCounts { reportedComments reportedAuctions } }`;
const ADD = `mutation($c: CommentNew) { commentAdd(comment: $c) { id } }`;
const REPORT_COMMENT = `mutation($id: ID!, $r: Relation!, $reason: CommentReportReason, $content: String) {
  commentReportAbuse(id: $id, relation: $r, reason: $reason, content: $content) { id } }`;
const DISMISS_COMMENT = `mutation($id: ID!, $reason: String) { commentReportDismiss(id: $id, reason: $reason) { id content blocked removed reports { id } } }`;
const BLOCK = `mutation($id: ID!, $reason: String) { commentBlock(id: $id, reason: $reason) { id blocked } }`;
const THREAD_BLOCK = `mutation($id: ID!, $reason: String) { commentThreadBlock(id: $id, reason: $reason) { id } }`;
const STAFF_REMOVE = `mutation($id: ID!, $reason: String) { commentStaffRemove(id: $id, reason: $reason) { id content removed } }`;
const REPORT_AUCTION = `mutation($id: ID!, $reason: CommentReportReason, $content: String) {
  auctionReportAbuse(id: $id, reason: $reason, content: $content) { ${REPORT_FIELDS} auctionId } }`;
const DISMISS_AUCTION = `mutation($id: ID!, $reason: String) { auctionReportDismiss(id: $id, reason: $reason) { id resolved resolution resolutionNote } }`;
const FLAT = `query($r: Relation!) { findAllFlat(relation: $r) { id content } }`;

interface Report {
  id: string;
  reason: string;
  content: string;
  resolved: boolean;
  created_at: string;
  reporter: { id: string };
  resolution: string | null;
  resolutionNote: string | null;
  resolvedAt: string | null;
}
interface CommentItem {
  comment: { id: string; content: string; blocked: boolean; removed: boolean };
  originalContent: string;
  lot: { id: string; title: string; slug: string; status: string; brand: string };
  reports: Report[];
}
interface CommentQueue {
  cmsCommentReports: { count: number; items: CommentItem[] };
}
interface AuctionQueue {
  cmsAuctionReports: { count: number; items: Array<{ lot: CommentItem['lot']; reports: Array<Report & { auctionId: string }> }> };
}

describe('staff reports queue: reported comments and reported auctions (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let pool: pg.Pool;
  let seller: TestUser;
  let staff: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let otherStaff: TestUser;

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
    alice = makeUser(BRAND, { name: 'alice' });
    bob = makeUser(BRAND, { name: 'bob' });
    carol = makeUser(BRAND, { name: 'carol' });
    otherStaff = makeUser(OTHER, { name: 'other-staff', staff: true });
  });
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

  async function ok<T>(result: Promise<GqlResult<T>>): Promise<T> {
    const answer = await result;
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  }
  const as = <T = Record<string, unknown>>(user: TestUser, query: string, variables: Record<string, unknown> = {}): Promise<GqlResult<T>> =>
    app.gql<T>(query, variables, { token: user.token, brand: user.brand });

  async function createLot(title: string): Promise<string> {
    const created = await ok(
      as<{ createAuction: { auction: { id: string } } }>(
        seller,
        `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
        {
          data: {
            title,
            sellerType: 'Dealer',
            userDescription: 'Matching numbers.',
            reserve: 0,
            currency: 'USD',
            address: { country: 'IT' },
            contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
            hasAgreedToTerms: true,
            packageId: 'basic',
            paymentType: 'ONE_TIME',
          },
        },
      ),
    );
    return created.createAuction.auction.id;
  }

  async function liveLot(title: string): Promise<string> {
    const id = await createLot(title);
    await ok(as(staff, `mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id }));
    const start = new Date(app.clock.now().getTime() + 1000);
    await ok(
      as(staff, `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`, {
        id,
        s: start,
        e: new Date(start.getTime() + 7 * DAY),
      }),
    );
    app.clock.advance(1500);
    await eventually(
      () => as<{ auction: { status: string } | null }>(staff, `query($id: ID!) { auction(id: $id) { status } }`, { id }),
      (result) => result.data?.auction?.status === 'LIVE',
    );
    return id;
  }

  async function comment(user: TestUser, lotId: string, content: string, threadOf: string | null = null): Promise<string> {
    const added = await ok(
      as<{ commentAdd: { id: string } }>(user, ADD, { c: { content, threadOf, related: [{ ref: 'auction', refId: lotId }] } }),
    );
    return added.commentAdd.id;
  }

  async function reportComment(
    user: TestUser,
    lotId: string,
    commentId: string,
    content: string,
    reason = 'BAD_LANGAUGE',
  ): Promise<string> {
    const reported = await ok(
      as<{ commentReportAbuse: { id: string } }>(user, REPORT_COMMENT, { id: commentId, r: `auction:${lotId}`, reason, content }),
    );
    return reported.commentReportAbuse.id;
  }

  const commentQueue = async (user: TestUser = staff, resolved?: boolean) =>
    (await ok(as<CommentQueue>(user, COMMENT_QUEUE, { resolved }))).cmsCommentReports;
  const auctionQueue = async (user: TestUser = staff, resolved?: boolean) =>
    (await ok(as<AuctionQueue>(user, AUCTION_QUEUE, { resolved }))).cmsAuctionReports;
  const counts = async () =>
    (await ok(as<{ cmsAuctionCounts: { reportedComments: number; reportedAuctions: number } }>(staff, COUNTS))).cmsAuctionCounts;
  const queuedCommentIds = async (resolved?: boolean) => (await commentQueue(staff, resolved)).items.map((item) => item.comment.id);

  it('lists a reported comment with its lot and its reports, oldest open first; dismissing keeps the comment and empties its item', async () => {
    const lotId = await liveLot('Lancia Stratos HF');
    const rude = await comment(alice, lotId, 'You are all clowns');
    const later = await comment(carol, lotId, 'Buy my wheels instead');
    const first = await reportComment(bob, lotId, rude, 'Insults everyone');
    app.clock.advance(1000);
    const second = await reportComment(carol, lotId, rude, 'Rude', 'OTHER');
    app.clock.advance(1000);
    await reportComment(bob, lotId, later, 'Spam', 'OTHER');

    const queue = await commentQueue();
    expect(queue.count).toBe(2);
    expect(queue.items.map((item) => item.comment.id)).toEqual([rude, later]);
    const [item] = queue.items;
    expect(item).toMatchObject({
      comment: { id: rude, content: 'You are all clowns', blocked: false, removed: false },
      originalContent: 'You are all clowns',
      lot: { id: lotId, title: 'Lancia Stratos HF', status: 'LIVE', brand: BRAND },
    });
    expect(item!.lot.slug).toBeTruthy();
    expect(item!.reports.map((report) => [report.id, report.reason, report.content, report.reporter.id, report.resolved])).toEqual([
      [first, 'BAD_LANGAUGE', 'Insults everyone', bob.id, false],
      [second, 'OTHER', 'Rude', carol.id, false],
    ]);
    expect(Date.parse(item!.reports[0]!.created_at)).toBeLessThan(Date.parse(item!.reports[1]!.created_at));
    expect(await counts()).toMatchObject({ reportedComments: 2 });
    // Paging: one item a page, the count over every page.
    const page = (await ok(as<CommentQueue>(staff, COMMENT_QUEUE, { start: 1, limit: 1 }))).cmsCommentReports;
    expect([page.count, page.items.map((entry) => entry.comment.id)]).toEqual([2, [later]]);

    // Dismissing one report resolves both reports of that comment; the comment is untouched.
    const dismissed = await ok(
      as<{ commentReportDismiss: { id: string; content: string; reports: unknown[] } }>(staff, DISMISS_COMMENT, {
        id: second,
        reason: 'Heated, not abusive',
      }),
    );
    expect(dismissed.commentReportDismiss).toMatchObject({ id: rude, content: 'You are all clowns', reports: [] });
    expect(await queuedCommentIds()).toEqual([later]);
    expect(await counts()).toMatchObject({ reportedComments: 1 });
    const thread = (await ok(app.gql<{ findAllFlat: Array<{ id: string; content: string }> }>(FLAT, { r: `auction:${lotId}` })))
      .findAllFlat;
    expect(thread.find((entry) => entry.id === rude)?.content).toBe('You are all clowns');
    const resolved = (await commentQueue(staff, true)).items.find((entry) => entry.comment.id === rude)!;
    expect(resolved.reports.map((report) => [report.id, report.resolution, report.resolutionNote, report.resolved])).toEqual([
      [first, 'dismissed', 'Heated, not abusive', true],
      [second, 'dismissed', 'Heated, not abusive', true],
    ]);
    expect(resolved.reports[0]!.resolvedAt).toBeTruthy();
    // Dismissing again changes nothing; the event is in the comment stream, not the lot's.
    await ok(as(staff, DISMISS_COMMENT, { id: first }));
    const { rows } = await pool.query(`SELECT stream_id FROM eventstore.events WHERE type = 'CommentReportDismissed'`);
    expect(rows).toEqual([{ stream_id: `lot-comments-${lotId}` }]);
    expect(errorCode(await as(staff, DISMISS_COMMENT, { id: randomUUID() }))).toBe('comment.report.notFound');
  });

  it('blocking or removing a comment resolves its reports; a thread block those of its replies', async () => {
    const lotId = await liveLot('Alfa Romeo 33 Stradale');
    const blockMe = await comment(alice, lotId, 'Nasty words');
    const removeMe = await comment(alice, lotId, 'Scam link');
    const parent = await comment(alice, lotId, 'Flame war starts');
    const reply = await comment(carol, lotId, 'Flame war continues', parent);
    for (const id of [blockMe, removeMe, reply]) await reportComment(bob, lotId, id, 'Abuse');
    expect((await queuedCommentIds()).filter((id) => [blockMe, removeMe, reply].includes(id))).toHaveLength(3);

    await ok(as(staff, BLOCK, { id: blockMe, reason: 'Insults' }));
    const removed = await ok(
      as<{ commentStaffRemove: { content: string; removed: boolean } }>(staff, STAFF_REMOVE, { id: removeMe, reason: 'Spam' }),
    );
    expect(removed.commentStaffRemove).toEqual({ id: removeMe, content: 'This comment has been removed by a moderator.', removed: true });
    await ok(as(staff, THREAD_BLOCK, { id: parent, reason: 'Flame war' }));

    const open = await queuedCommentIds();
    expect(open.filter((id) => [blockMe, removeMe, reply].includes(id))).toEqual([]);
    const history = (await commentQueue(staff, true)).items;
    const resolution = (id: string) =>
      history.find((item) => item.comment.id === id)?.reports.map((report) => [report.resolution, report.resolutionNote]);
    expect(resolution(blockMe)).toEqual([['blocked', 'Insults']]);
    expect(resolution(removeMe)).toEqual([['removed', 'Spam']]);
    expect(resolution(reply)).toEqual([['blocked', 'Flame war']]);
    // Staff still read what was written.
    expect(history.find((item) => item.comment.id === removeMe)).toMatchObject({
      comment: { content: 'This comment has been removed by a moderator.' },
      originalContent: 'Scam link',
    });
    // The author's own removal keeps its wording.
    const mine = await comment(alice, lotId, 'Oops');
    await ok(
      as(alice, `mutation($id: ID!, $r: Relation!, $a: ID) { commentRemove(id: $id, relation: $r, authorId: $a) { id } }`, {
        id: mine,
        r: `auction:${lotId}`,
        a: alice.id,
      }),
    );
    const thread = (await ok(app.gql<{ findAllFlat: Array<{ id: string; content: string }> }>(FLAT, { r: `auction:${lotId}` })))
      .findAllFlat;
    expect(thread.find((entry) => entry.id === mine)?.content).toBe('This comment has been removed by its author.');
  });

  it("another brand's staff see nothing and cannot act; non-staff are refused", async () => {
    const lotId = await liveLot('Lamborghini Miura');
    const target = await comment(alice, lotId, 'Rude words');
    const reportId = await reportComment(bob, lotId, target, 'Rude');
    const lotReport = await ok(
      as<{ auctionReportAbuse: { id: string } }>(bob, REPORT_AUCTION, { id: lotId, reason: 'OTHER', content: 'Fake photos' }),
    );

    expect((await commentQueue(otherStaff)).count).toBe(0);
    expect((await auctionQueue(otherStaff)).count).toBe(0);
    expect(errorCode(await as(otherStaff, DISMISS_COMMENT, { id: reportId }))).toBe('comment.report.notFound');
    expect(errorCode(await as(otherStaff, DISMISS_AUCTION, { id: lotReport.auctionReportAbuse.id }))).toBe('auction.report.notFound');
    expect(errorCode(await as(otherStaff, STAFF_REMOVE, { id: target }))).toBe('comment.notFound');

    for (const user of [alice, bob]) {
      expect(errorCode(await as(user, COMMENT_QUEUE))).toBe('FORBIDDEN');
      expect(errorCode(await as(user, AUCTION_QUEUE))).toBe('FORBIDDEN');
      expect(errorCode(await as(user, DISMISS_COMMENT, { id: reportId }))).toBe('FORBIDDEN');
      expect(errorCode(await as(user, DISMISS_AUCTION, { id: lotReport.auctionReportAbuse.id }))).toBe('FORBIDDEN');
      expect(errorCode(await as(user, STAFF_REMOVE, { id: target }))).toBe('FORBIDDEN');
    }
    expect(errorCode(await app.gql(COMMENT_QUEUE))).toBe('FORBIDDEN');
    // Still open for this brand's staff.
    expect(await queuedCommentIds()).toContain(target);
    expect((await auctionQueue()).items.map((item) => item.lot.id)).toContain(lotId);
  });

  it('reports an auction without touching its stream; staff see it in the queue and dismiss it', async () => {
    const lotId = await liveLot('Ferrari Dino 246');
    const versionBefore = (await pool.query(`SELECT version FROM eventstore.streams WHERE stream_id = $1`, [`lot-${lotId}`])).rows[0]
      ?.version;
    const before = await counts();

    const answer = await ok(
      as<{ auctionReportAbuse: Report & { auctionId: string } }>(bob, REPORT_AUCTION, {
        id: lotId,
        reason: 'DISCRIMINATION',
        content: '  Offensive description ',
      }),
    );
    expect(answer.auctionReportAbuse).toMatchObject({
      auctionId: lotId,
      reason: 'DISCRIMINATION',
      content: 'Offensive description',
      resolved: false,
      reporter: { id: bob.id },
    });
    // Reporting again answers the first report.
    const again = await ok(
      as<{ auctionReportAbuse: { id: string } }>(bob, REPORT_AUCTION, { id: lotId, reason: 'OTHER', content: 'Again' }),
    );
    expect(again.auctionReportAbuse.id).toBe(answer.auctionReportAbuse.id);
    const carolReport = await ok(
      as<{ auctionReportAbuse: { id: string } }>(carol, REPORT_AUCTION, { id: lotId, reason: 'OTHER', content: 'Stolen photos' }),
    );

    const versionAfter = (await pool.query(`SELECT version FROM eventstore.streams WHERE stream_id = $1`, [`lot-${lotId}`])).rows[0]
      ?.version;
    expect(versionAfter).toBe(versionBefore);
    const streams = await pool.query(`SELECT DISTINCT stream_id FROM eventstore.events WHERE type = 'LotReported'`);
    expect(streams.rows).toContainEqual({ stream_id: `lot-reports-${lotId}` });

    const queue = await auctionQueue();
    const item = queue.items.find((entry) => entry.lot.id === lotId)!;
    expect(item.lot).toMatchObject({ title: 'Ferrari Dino 246', status: 'LIVE', brand: BRAND });
    expect(item.reports.map((report) => [report.reason, report.content, report.reporter.id])).toEqual([
      ['DISCRIMINATION', 'Offensive description', bob.id],
      ['OTHER', 'Stolen photos', carol.id],
    ]);
    expect(await counts()).toEqual({ ...before, reportedAuctions: before.reportedAuctions + 1 });

    const dismissed = await ok(
      as<{ auctionReportDismiss: { id: string; resolved: boolean; resolution: string; resolutionNote: string } }>(staff, DISMISS_AUCTION, {
        id: carolReport.auctionReportAbuse.id,
        reason: 'Photos are the seller’s own',
      }),
    );
    expect(dismissed.auctionReportDismiss).toEqual({
      id: carolReport.auctionReportAbuse.id,
      resolved: true,
      resolution: 'dismissed',
      resolutionNote: 'Photos are the seller’s own',
    });
    expect((await auctionQueue()).items.map((entry) => entry.lot.id)).not.toContain(lotId);
    expect(await counts()).toEqual(before);
    const history = (await auctionQueue(staff, true)).items.find((entry) => entry.lot.id === lotId)!;
    expect(history.reports.map((report) => [report.reporter.id, report.resolution])).toEqual([
      [bob.id, 'dismissed'],
      [carol.id, 'dismissed'],
    ]);
    const { rows } = await pool.query(`SELECT stream_id FROM eventstore.events WHERE type = 'LotReportDismissed'`);
    expect(rows).toEqual([{ stream_id: `lot-reports-${lotId}` }]);
  });

  it('checks the reporter and the report: confirmed users, a reason, an explanation, a public lot of this brand', async () => {
    const lotId = await liveLot('Porsche 904');
    const pending = await createLot('Not public yet');
    const unconfirmed = makeUser(BRAND, { name: 'newbie', confirmed: false });
    const report = (user: TestUser | null, variables: Record<string, unknown>) =>
      user ? as(user, REPORT_AUCTION, variables) : app.gql(REPORT_AUCTION, variables);

    expect(errorCode(await report(null, { id: lotId, reason: 'OTHER', content: 'x' }))).toBe('FORBIDDEN');
    expect(errorCode(await report(unconfirmed, { id: lotId, reason: 'OTHER', content: 'x' }))).toBe('FORBIDDEN');
    const noReason = await report(alice, { id: lotId, content: 'x' });
    expect([errorCode(noReason), noReason.errors?.[0]?.message]).toEqual([
      'auction.report.reason.required',
      'Please choose a reason for your report.',
    ]);
    expect(errorCode(await report(alice, { id: lotId, reason: 'OTHER', content: ' ' }))).toBe('auction.report.content.required');
    const failed = await report(alice, { id: pending, reason: 'OTHER', content: 'x' });
    expect([errorCode(failed), failed.errors?.[0]?.message]).toEqual(['auction.report.failed', 'Failed to report. Please try again.']);
    expect(errorCode(await report(alice, { id: randomUUID(), reason: 'OTHER', content: 'x' }))).toBe('auction.report.failed');
    const otherBrandUser = makeUser(OTHER, { name: 'olga' });
    expect(errorCode(await report(otherBrandUser, { id: lotId, reason: 'OTHER', content: 'x' }))).toBe('auction.report.failed');
    expect((await auctionQueue()).items.map((item) => item.lot.id)).not.toContain(pending);
  });
});
