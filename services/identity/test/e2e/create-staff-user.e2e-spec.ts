import { verifyAccessToken } from '@trackside/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, parseStaffUserArgs } from '../../src/cli/staff-user-command';
import { IdentityTestApp, TEST_JWT_SECRET } from '../support/identity-test-app';

const PASSWORD = 'Operator!Pass2026';

/** The operator command `npm run staff:create` (docs/operations.md, "Operator commands"). */
describe('staff:create', () => {
  let app: IdentityTestApp;

  beforeAll(async () => {
    app = await IdentityTestApp.create();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('creates a confirmed account that signs in with exactly the given staff permissions', async () => {
    const request = parseStaffUserArgs(['--brand', 'trackside', '--email', 'Ops@Example.test', '--permissions', 'superAdmin,manageUsers'], {
      STAFF_PASSWORD: PASSWORD,
    });
    const user = await createStaffUser(app.service.app, request);
    expect(user).toMatchObject({ brand: 'trackside', email: 'ops@example.test', confirmed: true, username: 'opsstaff' });

    const login = await app.login('ops@example.test', PASSWORD, { brand: 'trackside' });
    const token = login.data?.loginUser.jwt;
    expect(token, JSON.stringify(login.errors)).toBeTruthy();
    const signedIn = verifyAccessToken(token!, TEST_JWT_SECRET);
    expect(signedIn.id).toBe(user.id);
    expect(signedIn.permissions).toMatchObject({ superAdmin: true, manageUsers: true, auctionEnabled: false, websiteTheme: false });
  });

  it('refuses an address that already has an account in the brand', async () => {
    const request = parseStaffUserArgs(['--brand', 'trackside', '--email', 'staff@trackside.demo'], { STAFF_PASSWORD: PASSWORD });
    await expect(createStaffUser(app.service.app, request)).rejects.toThrow(/already has an account in trackside/);
  });

  it('reads every flag by default and refuses bad arguments, passwords and permissions', () => {
    const all = parseStaffUserArgs(['--brand', 'b', '--email', 'a@b.test', '--username', 'operator'], { STAFF_PASSWORD: PASSWORD });
    expect(all).toMatchObject({
      username: 'operator',
      permissions: ['superAdmin', 'manageUsers', 'auctionEnabled', 'websiteEnabled', 'manageHomepage', 'websiteTheme'],
    });
    const env = { STAFF_PASSWORD: PASSWORD };
    expect(() => parseStaffUserArgs(['--brand', 'b'], env)).toThrow(/--brand and --email are required/);
    expect(() => parseStaffUserArgs(['--brand', 'b', '--email', 'a@b.test', '--password', 'x'], env)).toThrow(
      /unknown argument --password/,
    );
    expect(() => parseStaffUserArgs(['--brand', 'b', '--email'], env)).toThrow(/--email needs a value/);
    expect(() => parseStaffUserArgs(['--brand', 'b', '--email', 'nope'], env)).toThrow(/not an email address/);
    expect(() => parseStaffUserArgs(['--brand', 'b', '--email', 'a@b.test'], {})).toThrow(/STAFF_PASSWORD must hold/);
    expect(() => parseStaffUserArgs(['--brand', 'b', '--email', 'a@b.test'], { STAFF_PASSWORD: 'short' })).toThrow(
      /STAFF_PASSWORD refused/,
    );
    expect(() => parseStaffUserArgs(['--brand', 'b', '--email', 'a@b.test', '--permissions', 'superAdmin,root'], env)).toThrow(
      /unknown permission root/,
    );
  });
});
