// `npm run seed:load` end to end on loopback: the all-in-one marketplace (test configuration, demo
// accounts only) in this process, the CLI as a child process talking to it through the gateway.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoUsers } from '@trackside/identity-service';
import { TestMarketplace } from '../../services/all-in-one/test/support/test-marketplace';

const CLI = fileURLToPath(new URL('../seed-load.mjs', import.meta.url));

/** Runs the CLI; answers its exit code and output (never throws on a non-zero exit). */
function seedLoad(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('npm run seed:load (e2e, loopback)', () => {
  let system;
  const work = mkdtempSync(join(tmpdir(), 'trackside-seed-load-'));
  const seedFile = join(work, 'seed.json');

  beforeAll(async () => {
    system = await TestMarketplace.start('seed_load', 'seed-load', async (marketplace) => {
      await seedDemoUsers(marketplace.identity.app, { log: () => undefined });
    });
  }, 120_000);
  afterAll(async () => {
    await system?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('creates LIVE lots and bidders through the public API, the tokens bid, and cleanup undoes it', async () => {
    const seeded = await seedLoad(['--lots', '3', '--bidders', '4', '--target', system.url, '--out', seedFile, '--start-in', '1']);
    expect(seeded.stderr).toBe('');
    expect(seeded.code).toBe(0);
    const seed = JSON.parse(readFileSync(seedFile, 'utf8'));
    expect(statSync(seedFile).mode & 0o077).toBe(0); // passwords and tokens: owner only
    expect(seed).toMatchObject({ version: 1, complete: true, target: system.url, brand: 'trackside', packageCreated: true });
    expect(seed.lots).toHaveLength(3);
    expect(seed.bidders).toHaveLength(4);
    expect(seed.tokens).toEqual(seed.bidders.map((bidder) => bidder.token));

    for (const id of seed.lots) {
      const answer = await system.gql(`query($id: ID!) { auction(id: $id) { status } }`, { id });
      expect(answer.data.auction.status).toBe('LIVE');
    }
    const bid = await system.gql(
      `mutation($a: ID!) { createBid(input: { data: { auction: $a, amount: 100 } }) { bid { id amount } } }`,
      { a: seed.lots[0] },
      seed.tokens[3],
    );
    expect(bid.errors).toBeUndefined();
    expect(bid.data.createBid.bid.amount).toBe(100);
    // The credentials sign in too (k6 TOKEN_SOURCE=sign-in).
    const login = await system.gql(`mutation($e: String, $p: String) { loginUser(email: $e, password: $p) { jwt } }`, {
      e: seed.bidders[0].email,
      p: seed.bidders[0].password,
    });
    expect(login.data.loginUser.jwt).toEqual(expect.any(String));

    const cleaned = await seedLoad(['--cleanup', seedFile]);
    expect(cleaned.stderr).toBe('');
    expect(cleaned.code).toBe(0);
    expect(cleaned.stdout).toContain('3/3 lots canceled (0 already closed), 5 accounts deleted (0 already gone), package disabled');
    for (const id of seed.lots) {
      const answer = await system.gql(`query($id: ID!) { auction(id: $id) { status } }`, { id });
      expect(answer.data.auction.status).toBe('CANCELED');
    }
    const gone = await system.gql(`mutation($e: String, $p: String) { loginUser(email: $e, password: $p) { jwt } }`, {
      e: seed.bidders[0].email,
      p: seed.bidders[0].password,
    });
    expect(gone.errors?.[0]?.extensions?.code).toBe('Auth.form.error.invalid');
    const bidAfter = await system.gql(
      `mutation($a: ID!) { createBid(input: { data: { auction: $a, amount: 200 } }) { bid { id } } }`,
      { a: seed.lots[1] },
      seed.tokens[0],
    );
    expect(bidAfter.errors).toBeDefined(); // the account is gone (and the lot canceled)

    // Safe to repeat: what is already undone is counted as such, not as a failure.
    const again = await seedLoad(['--cleanup', seedFile]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('0/3 lots canceled (3 already closed), 0 accounts deleted (5 already gone), package disabled');
  });

  it('has staff confirm the bidders when the brand asks for email confirmation', async () => {
    const staff = await system.login('staff@trackside.demo');
    const settings = await system.gql(
      `mutation { updateAuthSettings(data: { emailConfirmation: true }) { emailConfirmation } }`,
      {},
      staff,
    );
    expect(settings.data.updateAuthSettings.emailConfirmation).toBe(true);
    // A sign-up now answers no token (and counts against the 10 sign-ups per address this file stays under).
    const signUp = await system.gql(
      `mutation($e: String, $p: String, $u: String) { registerUser(email: $e, password: $p, username: $u, firstName: "Some", lastName: "One") { jwt } }`,
      { e: 'someone@load.test', p: 'Some!Pass123', u: 'someone1' },
    );
    expect(signUp.errors).toBeUndefined();
    expect(signUp.data.registerUser.jwt).toBeNull();
    const file = join(work, 'confirmed.json');
    const seeded = await seedLoad(['--lots', '1', '--bidders', '2', '--target', system.url, '--out', file, '--start-in', '1']);
    expect(seeded.stderr).toBe('');
    const seed = JSON.parse(readFileSync(file, 'utf8'));
    const bid = await system.gql(
      `mutation($a: ID!) { createBid(input: { data: { auction: $a, amount: 5 } }) { bid { id } } }`,
      { a: seed.lots[0] },
      seed.tokens[1],
    );
    expect(bid.errors).toBeUndefined();
    expect((await seedLoad(['--cleanup', file])).code).toBe(0);
    await system.gql(`mutation { updateAuthSettings(data: { emailConfirmation: false }) { emailConfirmation } }`, {}, staff);
  });

  it('refuses a non-loopback target without the opt-in, before any request', async () => {
    const refused = await seedLoad([
      '--lots',
      '1',
      '--bidders',
      '1',
      '--target',
      'https://auctions.example.com',
      '--out',
      join(work, 'no.json'),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /refusing to load https:\/\/auctions\.example\.com: it is not this machine .*--allow-remote yes-i-own-this-deployment/,
    );
    const wrongValue = await seedLoad(['--target', 'https://auctions.example.com', '--allow-remote', 'yes']);
    expect(wrongValue.stderr).toMatch(/the opt-in value "yes" is not the expected one/);
    // With the opt-in, a remote target still needs staff credentials of its own (no demo account there).
    const noStaff = await seedLoad(['--target', 'https://auctions.example.com', '--allow-remote', 'yes-i-own-this-deployment']);
    expect(noStaff.stderr).toMatch(/a remote target needs staff/);
  });
});
