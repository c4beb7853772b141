import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '@trackside/identity-service';
import { startAuctionProcess, type AuctionProcess } from '../support/auction-process';
import { errorCode, errorMessage, IdentityTestApp, TEST_JWT_SECRET, type GqlResult } from '../support/identity-test-app';
import { eventually } from '@trackside/testing';

/**
 * A blocked or deleted user's still-valid token stops working in every service: identity appends
 * UserBlocked / UserUnblocked / UserDeleted and each service's access guard follows them. The
 * auction service runs as its own process on the same database, as in production.
 */
describe('blocked and deleted accounts across services (e2e, PostgreSQL)', () => {
  let identity: IdentityTestApp;
  let auction: AuctionProcess;

  const startAuction = (): Promise<AuctionProcess> =>
    startAuctionProcess({ databaseUrl: identity.databaseUrl, jwtSecret: TEST_JWT_SECRET });

  beforeAll(async () => {
    identity = await IdentityTestApp.create();
    auction = await startAuction();
  });
  afterAll(async () => {
    await auction?.close();
    await identity?.close();
  });

  async function auctionGql(query: string, token?: string): Promise<GqlResult> {
    const response = await fetch(`${auction.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as GqlResult;
  }

  const MY_AUCTIONS = `{ myAuctions { count } }`;
  const PUBLIC_LIST = `{ auctionsByBrandAndStatus(limit: 1) { count } }`;
  const ME = `{ meFull { id } }`;

  // The auction service learns of account changes from the event log asynchronously (LISTEN/NOTIFY, else a poll),
  // so its answers are awaited with eventually() (libs/testing: 5 s, every 25 ms).
  const userMessage = async (query: string, token: string, on: 'identity' | 'auction'): Promise<string | undefined> => {
    const result = on === 'identity' ? await identity.gql(query, {}, { token }) : await auctionGql(query, token);
    return result.errors ? errorMessage(result) : undefined;
  };

  it('refuses a blocked user’s token in identity at once and in the auction service shortly after, until unblocked', async () => {
    const token = (await identity.login('bidder1@trackside.demo', DEMO_PASSWORD)).data!.loginUser.jwt;
    expect((await identity.gql(ME, {}, { token })).errors).toBeUndefined();
    expect((await auctionGql(MY_AUCTIONS, token)).errors).toBeUndefined();

    const staff = await identity.staffToken();
    const id = demoUserId('trackside', 'bidder1');
    expect((await identity.gql(`mutation($id: ID!) { blockUser(id: $id) { blocked } }`, { id }, { token: staff })).errors).toBeUndefined();

    const inIdentity = await identity.gql(ME, {}, { token });
    expect(errorCode(inIdentity)).toBe('UNAUTHENTICATED');
    expect(errorMessage(inIdentity)).toBe('Invalid token.');
    await eventually(async () => expect(await userMessage(MY_AUCTIONS, token, 'auction')).toBe('Invalid token.'));
    const inAuction = await auctionGql(MY_AUCTIONS, token);
    expect(errorCode(inAuction)).toBe('UNAUTHENTICATED');
    // Even public queries refuse the token (the web app then clears the session).
    expect(errorMessage(await auctionGql(PUBLIC_LIST, token))).toBe('Invalid token.');
    expect((await auctionGql(PUBLIC_LIST)).errors).toBeUndefined();
    // REST routes too.
    const rest = await identity.rest(
      'PUT',
      '/users/changePassword',
      { currentPassword: DEMO_PASSWORD, password: 'N3w!pass1', passwordConfirmation: 'N3w!pass1' },
      { token },
    );
    expect(rest).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Invalid token.' } });

    expect(
      (await identity.gql(`mutation($id: ID!) { unblockUser(id: $id) { blocked } }`, { id }, { token: staff })).errors,
    ).toBeUndefined();
    expect((await identity.gql(ME, {}, { token })).errors).toBeUndefined();
    await eventually(async () => expect(await userMessage(MY_AUCTIONS, token, 'auction')).toBe(undefined));
  });

  it('answers "User Not Found" for a deleted user’s token in both services', async () => {
    const token = (await identity.login('bidder2@trackside.demo', DEMO_PASSWORD)).data!.loginUser.jwt;
    expect((await auctionGql(MY_AUCTIONS, token)).errors).toBeUndefined();
    const staff = await identity.staffToken();
    const id = demoUserId('trackside', 'bidder2');
    const deleted = await identity.gql(
      `mutation($id: ID!) { deleteUser(input: { where: { id: $id } }) { user { id } } }`,
      { id },
      { token: staff },
    );
    expect(deleted.errors).toBeUndefined();

    expect(errorMessage(await identity.gql(ME, {}, { token }))).toBe('User Not Found');
    expect(errorCode(await identity.gql(ME, {}, { token }))).toBe('UNAUTHENTICATED');
    await eventually(async () => expect(await userMessage(MY_AUCTIONS, token, 'auction')).toBe('User Not Found'));
  });

  it('still refuses them after the auction service restarts (the status is rebuilt from the log)', async () => {
    const staff = await identity.staffToken();
    const sellerToken = (await identity.login('seller@trackside.demo', DEMO_PASSWORD)).data!.loginUser.jwt;
    const sellerId = demoUserId('trackside', 'seller');
    await identity.gql(`mutation($id: ID!) { blockUser(id: $id) { blocked } }`, { id: sellerId }, { token: staff });
    await eventually(async () => expect(await userMessage(MY_AUCTIONS, sellerToken, 'auction')).toBe('Invalid token.'));

    await auction.close();
    auction = await startAuction();
    // Caught up before it serves: the very first request is refused.
    expect(errorMessage(await auctionGql(MY_AUCTIONS, sellerToken))).toBe('Invalid token.');
    // The bidder deleted in the previous test stays deleted; other users are unaffected.
    const staffInAuction = await auctionGql(MY_AUCTIONS, staff);
    expect(staffInAuction.errors).toBeUndefined();
  });

  it('does not let a restarted identity forget either', async () => {
    const sellerToken = (await identity.login('seller@jewelry.demo', DEMO_PASSWORD, { brand: 'jewelry' })).data!.loginUser.jwt;
    const staff = await identity.staffToken('jewelry');
    await identity.gql(
      `mutation($id: ID!) { blockUser(id: $id) { blocked } }`,
      { id: demoUserId('jewelry', 'seller') },
      { token: staff, brand: 'jewelry' },
    );
    await identity.restart();
    const me = await identity.gql(ME, {}, { token: sellerToken, brand: 'jewelry' });
    expect(errorMessage(me)).toBe('Invalid token.');
  });
});
