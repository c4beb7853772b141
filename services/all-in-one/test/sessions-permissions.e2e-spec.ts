import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId, seedDemoUsers } from '@trackside/identity-service';
import { eventually } from '../../auction/test/support/auction-test-app';
import { TestMarketplace, type GqlAnswer } from './support/test-marketplace';

const ALL_FLAGS = { manageUsers: true, auctionEnabled: true, websiteEnabled: true, manageHomepage: true, websiteTheme: true };
const NO_FLAGS = { manageUsers: false, auctionEnabled: false, websiteEnabled: false, manageHomepage: false, websiteTheme: false };
const SET_FLAGS = `mutation($id: ID!, $data: CmsPermissionsInput!) { updateCMSPermissions(id: $id, data: $data) { auctionEnabled } }`;
/** The probe's calls that kept working with revoked flags: one per service and guard. */
const STAFF_CALLS = {
  updateConfigurationByBrand: `mutation { updateConfigurationByBrand(input: { data: { auctionConfiguration: { displayLimit: 24 } } }) { auctionConfiguration { displayLimit } } }`,
  lotHistory: `query($id: ID!) { lotHistory(id: $id) { title } }`,
  commentBlock: `mutation($id: ID!) { commentBlock(id: $id, reason: "spam") { id } }`,
};
/** Another user's personal field, shown to staff with manageUsers only. */
const SELLER_EMAIL = `query($id: ID!) { user(id: $id) { email } }`;
/** A signed-in call per service: identity, catalogue, auction. */
const SIGNED_IN = { identity: `{ meFull { id } }`, catalogue: `{ myDirectories { id } }`, auction: `{ myAuctions { count } }` };
const LOGOUT_EVERYWHERE = `mutation { logoutEverywhere { ok } }`;

const codeOf = (answer: GqlAnswer<unknown>): string | undefined => answer.errors?.[0]?.extensions?.code;
const messageOf = (answer: GqlAnswer<unknown>): string | undefined => answer.errors?.[0]?.message;

/**
 * Issue 18, M1 and M5 through the gateway in `npm start`'s topology (each service follows identity's
 * account events on its own): revoked staff flags stop working in catalogue and auction within
 * seconds, and a password change, a password reset or "log out everywhere" ends every older token
 * in every service and closes its sockets.
 */
describe('revoked permissions and ended sessions in every service (e2e, all-in-one)', () => {
  let system: TestMarketplace;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    system = await TestMarketplace.start('sessions_permissions', 'sessions', async (marketplace) => {
      await seedDemoUsers(marketplace.identity.app, { log: () => undefined });
    });
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await system?.close();
  });

  const staffCall = (name: keyof typeof STAFF_CALLS, token: string) => system.gql(STAFF_CALLS[name], { id: randomUUID() }, token);

  /** Every call of `calls` answers `code` (undefined: no error) within the bound. */
  async function allAnswer(token: string, calls: Record<string, string>, expected: (answer: GqlAnswer<unknown>) => boolean) {
    for (const query of Object.values(calls)) await eventually(() => system.gql(query, { id: randomUUID() }, token), expected, 5000);
  }

  it('probe M1: after all flags are revoked the old token is refused for updateConfigurationByBrand, lotHistory and commentBlock', async () => {
    const staff = await system.login('staff@trackside.demo');
    const id = demoUserId('trackside', 'bidder3');
    expect((await system.gql(SET_FLAGS, { id, data: ALL_FLAGS }, staff)).errors).toBeUndefined();
    const token = await system.login('bidder3@trackside.demo');
    // With the flags, none of the calls is forbidden (a random lot or comment may be unknown).
    for (const name of Object.keys(STAFF_CALLS) as Array<keyof typeof STAFF_CALLS>)
      expect(codeOf(await staffCall(name, token)), name).not.toBe('FORBIDDEN');
    const seller = { id: demoUserId('trackside', 'seller') };
    const sellerEmail = () => system.gql<{ user: { email: string | null } | null }>(SELLER_EMAIL, seller, token);
    expect((await sellerEmail()).data?.user?.email).toBe('seller@trackside.demo');

    expect((await system.gql(SET_FLAGS, { id, data: NO_FLAGS }, staff)).errors).toBeUndefined();
    await allAnswer(token, STAFF_CALLS, (answer) => codeOf(answer) === 'FORBIDDEN');
    expect((await sellerEmail()).data?.user?.email ?? null).toBeNull();
    // Signed-in calls still work: only the flags went.
    await allAnswer(token, SIGNED_IN, (answer) => answer.errors === undefined);

    // Granted again, the same token works again without signing in.
    expect((await system.gql(SET_FLAGS, { id, data: { auctionEnabled: true } }, staff)).errors).toBeUndefined();
    await eventually(
      () => staffCall('lotHistory', token),
      (answer) => codeOf(answer) !== 'FORBIDDEN',
      5000,
    );
  });

  async function socketOf(token: string): Promise<Socket> {
    const socket = connect(system.url, {
      transports: ['websocket'],
      auth: { token, brand: 'trackside' },
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  const disconnected = (socket: Socket): Promise<string> =>
    new Promise((resolve) => (socket.connected ? socket.once('disconnect', (reason) => resolve(reason)) : resolve('already')));

  const refused = (answer: GqlAnswer<unknown>) => codeOf(answer) === 'UNAUTHENTICATED' && messageOf(answer) === 'Invalid token.';

  async function changePassword(
    token: string,
    currentPassword: string,
    password: string,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${system.url}/users/changePassword`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-brand': 'trackside', authorization: `Bearer ${token}` },
      body: JSON.stringify({ currentPassword, password, passwordConfirmation: password }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('probe M5: a password change ends every older session everywhere and closes its sockets; the answer continues this one', async () => {
    const first = await system.login('bidder1@trackside.demo');
    const second = await system.login('bidder1@trackside.demo');
    const socket = await socketOf(second);
    const closed = disconnected(socket);
    await allAnswer(second, SIGNED_IN, (answer) => answer.errors === undefined);

    const changed = await changePassword(first, DEMO_PASSWORD, 'N3w!pass1');
    expect(changed).toMatchObject({ status: 200, body: { ok: true, jwt: expect.any(String) } });
    for (const old of [first, second]) await allAnswer(old, SIGNED_IN, refused);
    expect(await closed).toBe('io server disconnect');
    await expect(socketOf(second)).rejects.toThrow('Invalid token.');

    const current = changed.body.jwt as string;
    await allAnswer(current, SIGNED_IN, (answer) => answer.errors === undefined);
    await socketOf(current);
  });

  it('probe M5: a password reset ends the sessions opened with the old password', async () => {
    const old = await system.login('bidder2@trackside.demo');
    expect((await system.gql(`mutation { forgotPasswordBrand(email: "bidder2@trackside.demo") { ok } }`)).errors).toBeUndefined();
    const staff = await system.login('staff@trackside.demo');
    const emails = await system.gql<{ capturedEmails: { emails: Array<{ text: string }> } }>(
      `{ capturedEmails(to: "bidder2@trackside.demo", template: "reset-password", limit: 1) { emails { text } } }`,
      {},
      staff,
    );
    const code = /reset-password\/([A-Za-z0-9_-]+)/.exec(emails.data!.capturedEmails.emails[0]!.text)![1];
    const reset = await system.gql<{ resetPasswordBrand: { jwt: string } }>(
      `mutation($c: String) { resetPasswordBrand(password: "R3set!pass", passwordConfirmation: "R3set!pass", code: $c) { jwt } }`,
      { c: code },
    );
    expect(reset.errors).toBeUndefined();
    await allAnswer(old, SIGNED_IN, refused);
    await allAnswer(reset.data!.resetPasswordBrand.jwt, SIGNED_IN, (answer) => answer.errors === undefined);
  });

  it('logoutEverywhere ends every session of the caller, its own token and sockets included', async () => {
    const token = await system.login('seller@trackside.demo');
    const other = await system.login('seller@trackside.demo');
    const socket = await socketOf(other);
    const closed = disconnected(socket);
    expect((await system.gql(LOGOUT_EVERYWHERE, {}, token)).data).toEqual({ logoutEverywhere: { ok: true } });
    for (const old of [token, other]) await allAnswer(old, SIGNED_IN, refused);
    expect(await closed).toBe('io server disconnect');
    expect(codeOf(await system.gql(LOGOUT_EVERYWHERE))).toBe('FORBIDDEN');
    // Signing in again gives a working session.
    await allAnswer(await system.login('seller@trackside.demo'), SIGNED_IN, (answer) => answer.errors === undefined);
  });
});
