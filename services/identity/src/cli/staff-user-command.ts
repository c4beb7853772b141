import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { CLOCK, NO_PERMISSIONS, type Clock, type StaffFlag } from '@trackside/platform';
import { DataSource } from 'typeorm';
import { isValidEmail, isValidUsername, normalizeEmail, passwordProblem } from '../domain/account-rules';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { UserEntity } from '../persistence';
import { UserAccounts } from '../users/user-accounts';

/** What `npm run staff:create` creates: a confirmed local account of one brand with staff flags. */
export interface StaffUserRequest {
  brand: string;
  email: string;
  username: string | null;
  password: string;
  permissions: StaffFlag[];
}

const FLAGS = Object.keys(NO_PERMISSIONS) as StaffFlag[];
const COLUMNS: Record<StaffFlag, keyof UserEntity> = {
  superAdmin: 'permSuperAdmin',
  manageUsers: 'permManageUsers',
  auctionEnabled: 'permAuctionEnabled',
  websiteEnabled: 'permWebsiteEnabled',
  manageHomepage: 'permManageHomepage',
  websiteTheme: 'permWebsiteTheme',
};
export const STAFF_USER_USAGE =
  'usage: STAFF_PASSWORD=... npm run staff:create -- --brand <brand> --email <email> [--username <name>] [--permissions superAdmin,manageUsers,...|all]';

/**
 * Reads the command line. The password comes from STAFF_PASSWORD, never an argument (arguments
 * show in process lists and shell history). Throws with the usage line on anything unknown.
 */
export function parseStaffUserArgs(argv: readonly string[], env: Record<string, string | undefined>): StaffUserRequest {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i]!, argv[i + 1]];
    if (!['--brand', '--email', '--username', '--permissions'].includes(name))
      throw new Error(`unknown argument ${name}\n${STAFF_USER_USAGE}`);
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value\n${STAFF_USER_USAGE}`);
    values.set(name, value);
  }
  const brand = values.get('--brand');
  const email = values.get('--email');
  if (!brand || !email) throw new Error(`--brand and --email are required\n${STAFF_USER_USAGE}`);
  if (!isValidEmail(email)) throw new Error(`not an email address: ${email}`);
  const username = values.get('--username') ?? null;
  if (username !== null && !isValidUsername(username)) throw new Error(`not a valid username: ${username}`);
  const password = env.STAFF_PASSWORD ?? '';
  if (password === '') throw new Error(`STAFF_PASSWORD must hold the new account's password\n${STAFF_USER_USAGE}`);
  const problem = passwordProblem(password);
  if (problem) throw new Error(`STAFF_PASSWORD refused: ${problem}`);
  return { brand, email: normalizeEmail(email), username, password, permissions: parsePermissions(values.get('--permissions') ?? 'all') };
}

function parsePermissions(list: string): StaffFlag[] {
  if (list === 'all') return [...FLAGS];
  const flags = list.split(',').map((flag) => flag.trim());
  const unknown = flags.filter((flag) => !FLAGS.includes(flag as StaffFlag));
  if (unknown.length > 0) throw new Error(`unknown permission ${unknown.join(', ')} (known: ${FLAGS.join(', ')}, or all)`);
  return flags as StaffFlag[];
}

/**
 * Creates the account in the running identity application's database: confirmed (the operator
 * vouches for the address), password hashed as at registration, the given flags on. A new account
 * has no tokens, so no account-status event is needed; its first sign-in carries the flags.
 */
export async function createStaffUser(app: INestApplication, request: StaffUserRequest): Promise<UserEntity> {
  const db = app.get(DataSource);
  const accounts = app.get(UserAccounts);
  const now = app.get<Clock>(CLOCK).now();
  const passwordHash = await app.get(PasswordHasher).hash(request.password);
  return db.transaction(async (manager) => {
    if (await accounts.emailTaken(manager, request.brand, request.email))
      throw new Error(`${request.email} already has an account in ${request.brand}`);
    // Usernames are 4 to 20 letters and digits (domain/account-rules.ts): the address's local part plus "staff".
    const username =
      request.username ??
      `${request.email
        .split('@')[0]!
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 15)}staff`;
    if (!isValidUsername(username)) throw new Error(`no valid username derives from ${request.email}: pass --username`);
    if (await accounts.usernameTaken(manager, request.brand, username))
      throw new Error(`username ${username} is taken in ${request.brand}`);
    const flags = Object.fromEntries(FLAGS.map((flag) => [COLUMNS[flag], request.permissions.includes(flag)]));
    const user = manager.getRepository(UserEntity).create({
      id: randomUUID(),
      brand: request.brand,
      email: request.email,
      username,
      usernameKey: username.toLowerCase(),
      passwordHash,
      provider: 'local',
      confirmed: true,
      blocked: false,
      role: 'authenticated',
      firstName: null,
      lastName: null,
      phone: null,
      bio: null,
      website: null,
      address: {},
      socialLinks: {},
      avatar: null,
      ...flags,
      createdAt: now,
      updatedAt: now,
    });
    return manager.getRepository(UserEntity).save(user);
  });
}
