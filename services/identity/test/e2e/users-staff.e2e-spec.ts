import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '@trackside/identity-service';
import { codeIn, errorCode, errorMessage, IdentityTestApp, newAccount, REGISTER } from '../support/identity-test-app';

const USER_FIELDS =
  'id username brand email confirmed blocked cmsAccess firstName lastName phone bio website address { city country } socialLinks { instagram } avatar created_at updated_at';
const UPDATE = `mutation($id: ID!, $data: editUserInput) { updateUser(input: { where: { id: $id }, data: $data }) { user { ${USER_FIELDS} } } }`;
const PERMISSIONS = `{ myCMSPermissions { brand websiteTheme superAdmin manageUsers auctionEnabled websiteEnabled manageHomepage } }`;
const CMS_USERS = `query($start: Int, $limit: Int, $where: JSON, $sort: String) {
  cmsUsers(start: $start, limit: $limit, where: $where, sort: $sort) { count users { id username email confirmed blocked created_at updated_at } }
}`;
const SET_PERMISSIONS = `mutation($id: ID!, $data: CmsPermissionsInput!) { updateCMSPermissions(id: $id, data: $data) { brand manageUsers superAdmin auctionEnabled } }`;

describe('profiles, staff permissions and user management (e2e, PostgreSQL)', () => {
  let app: IdentityTestApp;
  let staff: string;
  let seller: string;
  const sellerId = demoUserId('trackside', 'seller');

  beforeAll(async () => {
    app = await IdentityTestApp.create();
    staff = await app.staffToken();
    seller = (await app.login('seller@trackside.demo', DEMO_PASSWORD)).data!.loginUser.jwt;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function newUser(brand = 'trackside'): Promise<{ id: string; email: string; password: string; username: string; token: string }> {
    const account = newAccount();
    const created = await app.gql<{ registerUser: { user: { id: string } } }>(REGISTER, account, { brand });
    const id = created.data!.registerUser.user.id;
    await app.gql(`mutation($id: ID!) { confirmUser(id: $id) { id } }`, { id }, { token: await app.staffToken(brand), brand });
    const token = (await app.login(account.email, account.password, { brand })).data!.loginUser.jwt;
    return { id, email: account.email, password: account.password, username: account.username, token };
  }

  describe('reading users', () => {
    it('meFull answers the signed-in user with every field, and Forbidden to visitors', async () => {
      const me = await app.gql<{ meFull: Record<string, unknown> }>(`{ meFull { ${USER_FIELDS} } }`, {}, { token: seller });
      expect(me.data!.meFull).toMatchObject({
        id: sellerId,
        username: 'seller',
        email: 'seller@trackside.demo',
        confirmed: true,
        blocked: false,
        cmsAccess: false,
      });
      expect(me.data!.meFull.firstName).toBe('Sally');
      const visitor = await app.gql(`{ meFull { id } }`);
      expect(errorCode(visitor)).toBe('FORBIDDEN');
      expect(errorMessage(visitor)).toBe('Forbidden');
    });

    it('user(id) shows personal fields only to the user and to staff', async () => {
      const query = `query($id: ID!) { user(id: $id) { id username email firstName address { city } confirmed } }`;
      const asVisitor = await app.gql<{ user: Record<string, unknown> }>(query, { id: sellerId });
      expect(asVisitor.data!.user).toEqual({
        id: sellerId,
        username: 'seller',
        email: null,
        firstName: null,
        address: null,
        confirmed: null,
      });
      const other = await newUser();
      const asOther = await app.gql<{ user: Record<string, unknown> }>(query, { id: sellerId }, { token: other.token });
      expect(asOther.data!.user.email).toBeNull();
      const asSelf = await app.gql<{ user: Record<string, unknown> }>(query, { id: sellerId }, { token: seller });
      expect(asSelf.data!.user.email).toBe('seller@trackside.demo');
      const asStaff = await app.gql<{ user: Record<string, unknown> }>(query, { id: sellerId }, { token: staff });
      expect(asStaff.data!.user).toMatchObject({ email: 'seller@trackside.demo', firstName: 'Sally', confirmed: true });
      // Another brand's users do not exist here, even for that brand's staff.
      const jewelrySeller = demoUserId('jewelry', 'seller');
      expect((await app.gql(query, { id: jewelrySeller })).data).toEqual({ user: null });
      expect(errorCode(await app.gql(query, { id: 'not-a-uuid' }))).toBe('user.validation');
    });

    it('lists the brand’s users for staff with manageUsers, filtered, sorted and paged', async () => {
      const a = await newUser();
      const page = await app.gql<{ cmsUsers: { count: number; users: Array<{ id: string; email: string }> } }>(
        CMS_USERS,
        { where: { email_contains: '.demo' }, sort: 'username:asc', start: 1, limit: 2 },
        { token: staff },
      );
      expect(page.errors).toBeUndefined();
      expect(page.data!.cmsUsers.count).toBe(5);
      expect(page.data!.cmsUsers.users.map((user) => user.email)).toEqual(['bidder2@trackside.demo', 'bidder3@trackside.demo']);
      const byId = await app.gql<{ users: Array<{ id: string; email: string }>; usersCount: number }>(
        `query($where: JSON) { users(where: $where) { id email } usersCount(where: $where) }`,
        { where: { id: a.id, blocked: false } },
        { token: staff },
      );
      expect(byId.data).toEqual({ users: [{ id: a.id, email: a.email }], usersCount: 1 });
      const jewelryStaff = await app.staffToken('jewelry');
      const jewelry = await app.gql<{ usersCount: number }>(
        `{ usersCount(where: { email_contains: "trackside" }) }`,
        {},
        { token: jewelryStaff, brand: 'jewelry' },
      );
      expect(jewelry.data).toEqual({ usersCount: 0 });
      expect(errorCode(await app.gql(CMS_USERS, { where: { password_hash: 'x' } }, { token: staff }))).toBe('user.validation');
      expect(errorCode(await app.gql(CMS_USERS, { sort: 'password:asc' }, { token: staff }))).toBe('user.validation');
      expect(errorCode(await app.gql(CMS_USERS, { limit: 10_000 }, { token: staff }))).toBe('user.validation');
    });

    it('searches display name, email and full name with _q, and lists each row’s staff permissions', async () => {
      const grace = await newUser();
      await app.gql(UPDATE, { id: grace.id, data: { firstName: 'Grace', lastName: 'Hopperfield' } }, { token: grace.token });
      const search = `query($where: JSON) { cmsUsers(where: $where) { count users { id username permissions { superAdmin manageUsers } } } }`;
      type Found = { cmsUsers: { count: number; users: Array<{ id: string; username: string; permissions: Record<string, boolean> }> } };
      const ids = async (q: string) =>
        ((await app.gql<Found>(search, { where: { _q: q } }, { token: staff })).data?.cmsUsers.users ?? []).map((user) => user.id);
      expect(await ids('hopperFIELD')).toEqual([grace.id]);
      expect(await ids('grace hopper')).toEqual([grace.id]);
      expect(await ids(grace.username.toUpperCase())).toEqual([grace.id]);
      expect(await ids(grace.email.split('@')[0]!)).toEqual([grace.id]);
      expect(await ids('100%_no_such')).toEqual([]);
      const staffRow = await app.gql<Found>(search, { where: { _q: 'staff@trackside.demo' } }, { token: staff });
      expect(staffRow.data!.cmsUsers.users).toEqual([
        { id: demoUserId('trackside', 'staff'), username: 'staff', permissions: { superAdmin: true, manageUsers: true } },
      ]);
      expect(errorCode(await app.gql(search, { where: { _q: 42 } }, { token: staff }))).toBe('user.validation');
    });

    it('refuses the staff queries and mutations to users without the permission', async () => {
      const calls = [
        [CMS_USERS, {}],
        [`{ users { id } }`, {}],
        [`{ usersCount }`, {}],
        [`{ capturedEmails { count } }`, {}],
        [`mutation($id: ID!) { blockUser(id: $id) { id } }`, { id: sellerId }],
        [`mutation($id: ID!) { unblockUser(id: $id) { id } }`, { id: sellerId }],
        [`mutation($id: ID!) { confirmUser(id: $id) { id } }`, { id: sellerId }],
        [`mutation { inviteUser(input: { email: "x@example.test" }) { id } }`, {}],
        [`mutation($id: ID!) { deleteUser(input: { where: { id: $id } }) { user { id } } }`, { id: sellerId }],
        [SET_PERMISSIONS, { id: sellerId, data: { manageUsers: true } }],
      ] as const;
      const other = await newUser();
      for (const [query, variables] of calls) {
        expect(errorCode(await app.gql(query, variables))).toBe('FORBIDDEN');
        expect(errorCode(await app.gql(query, variables, { token: other.token }))).toBe('FORBIDDEN');
      }
    });
  });

  describe('staff permissions', () => {
    it('are all false by default and follow updateCMSPermissions (superAdmin only)', async () => {
      const user = await newUser();
      const none = await app.gql(PERMISSIONS, {}, { token: user.token });
      expect(none.data).toEqual({
        myCMSPermissions: {
          brand: 'trackside',
          websiteTheme: false,
          superAdmin: false,
          manageUsers: false,
          auctionEnabled: false,
          websiteEnabled: false,
          manageHomepage: false,
        },
      });
      const all = await app.gql<{ myCMSPermissions: Record<string, unknown> }>(PERMISSIONS, {}, { token: staff });
      expect(Object.values(all.data!.myCMSPermissions).filter((value) => value === true)).toHaveLength(6);

      const granted = await app.gql(SET_PERMISSIONS, { id: user.id, data: { manageUsers: true } }, { token: staff });
      expect(granted.data).toEqual({
        updateCMSPermissions: { brand: 'trackside', manageUsers: true, superAdmin: false, auctionEnabled: false },
      });
      // myCMSPermissions reads the database, so it shows at once; a fresh token carries the flag.
      expect(
        (await app.gql<{ myCMSPermissions: { manageUsers: boolean } }>(PERMISSIONS, {}, { token: user.token })).data!.myCMSPermissions
          .manageUsers,
      ).toBe(true);
      const manager = (await app.login(user.email, user.password)).data!.loginUser.jwt;
      expect((await app.gql(CMS_USERS, { limit: 1 }, { token: manager })).errors).toBeUndefined();
      // manageUsers is not superAdmin: it cannot grant permissions or change sign-up settings.
      expect(errorCode(await app.gql(SET_PERMISSIONS, { id: user.id, data: { superAdmin: true } }, { token: manager }))).toBe('FORBIDDEN');
      expect(errorCode(await app.gql(`{ authSettings { allowRegister } }`, {}, { token: manager }))).toBe('FORBIDDEN');

      // Revoked: the still-valid token stops working in identity at once (the database is asked).
      expect((await app.gql(SET_PERMISSIONS, { id: user.id, data: { manageUsers: false } }, { token: staff })).errors).toBeUndefined();
      expect(errorCode(await app.gql(CMS_USERS, { limit: 1 }, { token: manager }))).toBe('FORBIDDEN');
    });

    it('lets a superAdmin drop their own superAdmin flag only while another superAdmin remains', async () => {
      const staffId = demoUserId('trackside', 'staff');
      const last = await app.gql(SET_PERMISSIONS, { id: staffId, data: { superAdmin: false } }, { token: staff });
      expect(errorCode(last)).toBe('user.permissions.lastSuperAdmin');
      expect(errorMessage(last)).toBe(
        'You are the last superAdmin of this brand: give another staff user superAdmin before removing your own.',
      );
      // Other flags of one's own still change; the refused call changed nothing.
      expect(
        (await app.gql(SET_PERMISSIONS, { id: staffId, data: { superAdmin: true, auctionEnabled: true } }, { token: staff })).errors,
      ).toBeUndefined();
      const second = await newUser();
      await app.gql(SET_PERMISSIONS, { id: second.id, data: { superAdmin: true } }, { token: staff });
      const secondToken = (await app.login(second.email, second.password)).data!.loginUser.jwt;
      // Two superAdmins drop their own flags at once: one wins, the other is refused, one remains.
      const both = await Promise.all([
        app.gql(SET_PERMISSIONS, { id: staffId, data: { superAdmin: false } }, { token: staff }),
        app.gql(SET_PERMISSIONS, { id: second.id, data: { superAdmin: false } }, { token: secondToken }),
      ]);
      expect(both.map((answer) => errorCode(answer) ?? 'ok').sort()).toEqual(['ok', 'user.permissions.lastSuperAdmin']);
      // Put things back: staff superAdmin again (granted by whichever one kept the flag), the second user not.
      const keeper = both[0]!.errors ? staff : secondToken;
      expect((await app.gql(SET_PERMISSIONS, { id: staffId, data: { superAdmin: true } }, { token: keeper })).errors).toBeUndefined();
      expect((await app.gql(SET_PERMISSIONS, { id: second.id, data: { superAdmin: false } }, { token: staff })).errors).toBeUndefined();
    });
  });

  describe('updateUser', () => {
    it('edits the user’s own profile with the profile rules', async () => {
      const user = await newUser();
      const ok = await app.gql<{ updateUser: { user: Record<string, unknown> } }>(
        UPDATE,
        {
          id: user.id,
          data: {
            firstName: ' Grace ',
            bio: 'Vintage racer',
            website: 'https://grace.example',
            address: { city: 'Monterey', country: 'US' },
            socialLinks: { instagram: '@grace' },
            avatar: { id: 'm1', url: '/uploads/grace.png' },
          },
        },
        { token: user.token },
      );
      expect(ok.errors).toBeUndefined();
      expect(ok.data!.updateUser.user).toMatchObject({
        firstName: 'Grace',
        bio: 'Vintage racer',
        website: 'https://grace.example',
        address: { city: 'Monterey', country: 'US' },
        socialLinks: { instagram: '@grace' },
        avatar: { id: 'm1', url: '/uploads/grace.png' },
      });
      const checks: Array<[Record<string, unknown>, string]> = [
        [{ firstName: '' }, 'Auth.form.error.firstName.provide'],
        [{ lastName: '  ' }, 'Auth.form.error.lastName.provide'],
        [{ username: 'no spaces please' }, 'Auth.form.error.username.format'],
        [{ username: 'seller' }, 'Auth.form.error.username.taken'],
        [{ website: 'ftp://grace.example' }, 'Auth.form.error.website.format'],
        [{ email: 'someone.else@example.test' }, 'Auth.form.error.email.change'],
        [{ avatar: 'not an object' }, 'user.validation'],
      ];
      for (const [data, code] of checks) expect(errorCode(await app.gql(UPDATE, { id: user.id, data }, { token: user.token }))).toBe(code);
      // A refused update changed nothing.
      const me = await app.gql<{ meFull: { firstName: string; website: string } }>(
        `{ meFull { firstName website } }`,
        {},
        { token: user.token },
      );
      expect(me.data!.meFull).toEqual({ firstName: 'Grace', website: 'https://grace.example' });
    });

    it('lets users edit only themselves, and only staff set confirmed or blocked', async () => {
      const user = await newUser();
      expect(errorCode(await app.gql(UPDATE, { id: sellerId, data: { bio: 'hacked' } }, { token: user.token }))).toBe('FORBIDDEN');
      expect(errorCode(await app.gql(UPDATE, { id: user.id, data: { blocked: false } }, { token: user.token }))).toBe('FORBIDDEN');
      const byStaff = await app.gql<{ updateUser: { user: { bio: string; blocked: boolean } } }>(
        UPDATE,
        { id: user.id, data: { bio: 'Edited by staff', blocked: true } },
        { token: staff },
      );
      expect(byStaff.data!.updateUser.user).toMatchObject({ bio: 'Edited by staff', blocked: true });
      expect(errorCode(await app.login(user.email, user.password))).toBe('Auth.form.error.blocked');
      // Another brand's staff cannot touch this brand's users.
      const jewelryStaff = await app.staffToken('jewelry');
      expect(errorCode(await app.gql(UPDATE, { id: user.id, data: { blocked: false } }, { token: jewelryStaff, brand: 'jewelry' }))).toBe(
        'user.notFound',
      );
    });
  });

  describe('staff actions', () => {
    it('blocks and unblocks, refusing self and superAdmin targets to plain managers', async () => {
      const user = await newUser();
      const block = `mutation($id: ID!) { blockUser(id: $id) { id blocked } }`;
      const unblock = `mutation($id: ID!) { unblockUser(id: $id) { id blocked } }`;
      expect((await app.gql(block, { id: user.id }, { token: staff })).data).toEqual({ blockUser: { id: user.id, blocked: true } });
      expect(errorCode(await app.login(user.email, user.password))).toBe('Auth.form.error.blocked');
      expect((await app.gql(unblock, { id: user.id }, { token: staff })).data).toEqual({ unblockUser: { id: user.id, blocked: false } });
      expect((await app.login(user.email, user.password)).errors).toBeUndefined();

      const staffId = demoUserId('trackside', 'staff');
      const self = await app.gql(block, { id: staffId }, { token: staff });
      expect(errorCode(self)).toBe('user.action.self');
      expect(errorMessage(self)).toBe('You cannot block or delete your own account.');
      const manager = await newUser();
      await app.gql(SET_PERMISSIONS, { id: manager.id, data: { manageUsers: true } }, { token: staff });
      const managerToken = (await app.login(manager.email, manager.password)).data!.loginUser.jwt;
      expect(errorCode(await app.gql(block, { id: staffId }, { token: managerToken }))).toBe('FORBIDDEN');
      expect((await app.gql(block, { id: user.id }, { token: managerToken })).errors).toBeUndefined();
      expect(errorCode(await app.gql(block, { id: '3f1c8a52-0000-4000-8000-000000000000' }, { token: staff }))).toBe('user.notFound');
    });

    it('confirms a user’s email', async () => {
      const account = newAccount();
      const created = await app.gql<{ registerUser: { user: { id: string } } }>(REGISTER, account);
      expect(errorCode(await app.login(account.email, account.password))).toBe('Auth.form.error.confirmed');
      const confirmed = await app.gql(
        `mutation($id: ID!) { confirmUser(id: $id) { confirmed } }`,
        { id: created.data!.registerUser.user.id },
        { token: staff },
      );
      expect(confirmed.data).toEqual({ confirmUser: { confirmed: true } });
      expect((await app.login(account.email, account.password)).errors).toBeUndefined();
    });

    it('invites a user by email; the link lets them choose a password and sign in', async () => {
      const invite = `mutation($input: InviteUserInput!) { inviteUser(input: $input) { id email username confirmed } }`;
      const invited = await app.gql<{ inviteUser: { id: string; email: string; username: string; confirmed: boolean } }>(
        invite,
        { input: { email: 'New.Dealer@Example.TEST', firstName: 'Nina' } },
        { token: staff },
      );
      expect(invited.errors).toBeUndefined();
      expect(invited.data!.inviteUser).toMatchObject({ email: 'new.dealer@example.test', username: 'newdealer', confirmed: false });
      // No password yet: nothing signs in.
      expect(errorCode(await app.login('new.dealer@example.test', 'Anything!1'))).toBe('Auth.form.error.invalid');

      const [email] = await app.emailsTo('new.dealer@example.test', 'trackside', 'invite');
      expect(email!.subject).toBe('Trackside: you have been invited');
      expect(email!.text).toContain('staff invited you to Trackside');
      const code = codeIn(/https?:\/\/\S+/.exec(email!.text!)![0]);
      const accepted = await app.gql<{ resetPasswordBrand: { jwt: string; user: { confirmed: boolean } } }>(
        `mutation($code: String) { resetPasswordBrand(password: "Ch0sen!pass", passwordConfirmation: "Ch0sen!pass", code: $code) { jwt user { confirmed } } }`,
        { code },
      );
      expect(accepted.errors).toBeUndefined();
      expect(accepted.data!.resetPasswordBrand.user.confirmed).toBe(true);
      expect((await app.login('new.dealer@example.test', 'Ch0sen!pass')).errors).toBeUndefined();

      expect(errorCode(await app.gql(invite, { input: { email: 'new.dealer@example.test' } }, { token: staff }))).toBe(
        'Auth.form.error.email.taken',
      );
      expect(errorCode(await app.gql(invite, { input: { email: '' } }, { token: staff }))).toBe('Auth.form.error.email.provide');
      expect(errorCode(await app.gql(invite, { input: { email: 'nope' } }, { token: staff }))).toBe('Auth.form.error.email.format');
      expect(errorCode(await app.gql(invite, { input: { email: 'x1@example.test', username: 'bad name' } }, { token: staff }))).toBe(
        'Auth.form.error.username.format',
      );
    });

    it('deletes a user: the account is gone and its email can register again', async () => {
      const user = await newUser();
      const deleted = await app.gql(
        `mutation($id: ID!) { deleteUser(input: { where: { id: $id } }) { user { id email } } }`,
        { id: user.id },
        { token: staff },
      );
      expect(deleted.data).toEqual({ deleteUser: { user: { id: user.id, email: user.email } } });
      expect(errorCode(await app.login(user.email, user.password))).toBe('Auth.form.error.invalid');
      expect((await app.gql(`query($id: ID!) { user(id: $id) { id } }`, { id: user.id })).data).toEqual({ user: null });
      expect((await app.gql(REGISTER, newAccount({ email: user.email }))).errors).toBeUndefined();
    });
  });
});
