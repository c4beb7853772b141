import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionTestApp, errorCode, eventually, makeUser, type GqlResult, type TestUser } from '../support/auction-test-app';

/**
 * Moderation in the dispute desk's history: reports of the lot and staff moderation of its
 * comments come with `lotHistory` as their own list (their own streams, never the lot's versions).
 */
const BRAND = 'trackside';
const HOST = 'jewelry';
const DAY = 86_400_000;

const HISTORY = `query($id: ID!) { lotHistory(id: $id) {
  streamVersion events { version type }
  moderation { eventId stream streamVersion globalPosition type occurredAt recordedAt actorId actor { id } subject { id } commentId
    correlationId summary data }
} }`;
const REPORT_AUCTION = `mutation($id: ID!, $reason: CommentReportReason, $content: String) {
  auctionReportAbuse(id: $id, reason: $reason, content: $content) { id } }`;
const DISMISS_AUCTION = `mutation($id: ID!, $reason: String) { auctionReportDismiss(id: $id, reason: $reason) { id } }`;
const ADD = `mutation($c: CommentNew) { commentAdd(comment: $c) { id } }`;
const BLOCK = `mutation($id: ID!, $reason: String) { commentBlock(id: $id, reason: $reason) { id blocked } }`;

interface Moderation {
  eventId: string;
  stream: string;
  streamVersion: number;
  globalPosition: string;
  type: string;
  occurredAt: string;
  recordedAt: string;
  actorId: string | null;
  actor: { id: string } | null;
  subject: { id: string } | null;
  commentId: string | null;
  correlationId: string | null;
  summary: string;
  data: Record<string, unknown>;
}
interface History {
  streamVersion: number;
  events: Array<{ version: number; type: string }>;
  moderation: Moderation[];
}

describe('lotHistory shows reports and comment moderation (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let seller: TestUser;
  let staff: TestUser;
  let hostStaff: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let lotId: string;

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
    hostStaff = makeUser(HOST, { name: 'host-staff', staff: true });
    alice = makeUser(BRAND, { name: 'alice' });
    bob = makeUser(BRAND, { name: 'bob' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const as = <T = Record<string, unknown>>(user: TestUser, query: string, variables: Record<string, unknown> = {}): Promise<GqlResult<T>> =>
    app.gql<T>(query, variables, { token: user.token, brand: user.brand });
  async function ok<T>(result: Promise<GqlResult<T>>): Promise<T> {
    const answer = await result;
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  }
  const history = async (user: TestUser = staff): Promise<History> =>
    (await ok(as<{ lotHistory: History }>(user, HISTORY, { id: lotId }))).lotHistory;

  it('lists a report of the lot and its dismissal with reporter, moderator, lines and times; the lot keeps its versions', async () => {
    const created = await ok(
      as<{ createAuction: { auction: { id: string } } }>(
        seller,
        `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
        {
          data: {
            title: 'Reported Countach',
            sellerType: 'Dealer',
            userDescription: 'Matching numbers.',
            reserve: 0,
            currency: 'USD',
            address: { country: 'IT' },
            contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
            hasAgreedToTerms: true,
            packageId: 'basic',
          },
        },
      ),
    );
    lotId = created.createAuction.auction.id;
    await ok(as(staff, `mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id: lotId }));
    await ok(as(staff, `mutation($id: ID!) { sendAuctionToNetwork(id: $id) { status } }`, { id: lotId }));
    await ok(as(hostStaff, `mutation($id: ID!) { acceptAuction(id: $id) { status } }`, { id: lotId }));
    // Live, so that comments open for the second case.
    const start = new Date(app.clock.now().getTime() + 1000);
    await ok(
      as(staff, `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`, {
        id: lotId,
        s: start,
        e: new Date(start.getTime() + 7 * DAY),
      }),
    );
    app.clock.advance(1500);
    await eventually(
      () => as<{ auction: { status: string } | null }>(staff, `query($id: ID!) { auction(id: $id) { status } }`, { id: lotId }),
      (result) => result.data?.auction?.status === 'LIVE',
    );
    const before = await history();

    await ok(as(alice, REPORT_AUCTION, { id: lotId, reason: 'BAD_LANGAUGE', content: 'The photos are of another car' }));
    app.clock.advance(1000);
    const reports = (
      await ok(
        as<{ cmsAuctionReports: { items: Array<{ reports: Array<{ id: string }> }> } }>(
          staff,
          `{ cmsAuctionReports { items { reports { id } } } }`,
        ),
      )
    ).cmsAuctionReports.items.flatMap((item) => item.reports);
    await ok(as(staff, DISMISS_AUCTION, { id: reports[0]!.id, reason: 'Photos checked with the seller' }));

    const after = await history();
    // Reporting never bumps the lot's version: the lot's events are what they were.
    expect([after.streamVersion, after.events]).toEqual([before.streamVersion, before.events]);
    expect(after.moderation.map((entry) => [entry.type, entry.actor?.id, entry.subject, entry.streamVersion, entry.summary])).toEqual([
      ['LotReported', alice.id, null, 1, 'Reported as bad language: The photos are of another car'],
      ['LotReportDismissed', staff.id, null, 2, 'Reports dismissed: Photos checked with the seller'],
    ]);
    const [report, dismissal] = after.moderation as [Moderation, Moderation];
    expect(report).toMatchObject({ stream: `lot-reports-${lotId}`, actorId: alice.id, commentId: null });
    expect(report.data).toMatchObject({ reporterId: alice.id, reason: 'BAD_LANGAUGE' });
    expect(report.correlationId).toBeTruthy();
    expect(Date.parse(dismissal.occurredAt) - Date.parse(report.occurredAt)).toBeGreaterThanOrEqual(1000);
    expect(BigInt(dismissal.globalPosition) > BigInt(report.globalPosition)).toBe(true);
  });

  it('lists a staff block of a comment with the comment author as subject, but not the comment itself', async () => {
    const added = await ok(
      as<{ commentAdd: { id: string } }>(bob, ADD, {
        c: { content: 'Scam!!', threadOf: null, related: [{ ref: 'auction', refId: lotId }] },
      }),
    );
    await ok(as(staff, BLOCK, { id: added.commentAdd.id, reason: 'Unfounded accusation' }));
    const blocked = (await history()).moderation.filter((entry) => entry.stream === `lot-comments-${lotId}`);
    expect(blocked).toEqual([
      expect.objectContaining({
        type: 'CommentBlocked',
        actor: { id: staff.id },
        subject: { id: bob.id },
        commentId: added.commentAdd.id,
        summary: 'Comment blocked: Unfounded accusation',
      }),
    ]);
  });

  it('is readable by staff of the hosting brand; bidders and sellers are refused', async () => {
    expect((await history(hostStaff)).moderation.map((entry) => entry.type)).toEqual([
      'LotReported',
      'LotReportDismissed',
      'CommentBlocked',
    ]);
    expect(errorCode(await as(alice, HISTORY, { id: lotId }))).toBe('FORBIDDEN');
    expect(errorCode(await as(seller, HISTORY, { id: lotId }))).toBe('FORBIDDEN');
  });
});
