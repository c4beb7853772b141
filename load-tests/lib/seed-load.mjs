// What `npm run seed:load` does, through the public GraphQL API only (the gateway, as a browser
// or a load tester reaches it): registers a seller and M bidders, has staff approve and schedule
// N lots of that seller so they go LIVE, and writes what it created (lot ids, bidder credentials
// and tokens) to the JSON file the k6 scripts read. `cleanupLoad` cancels those lots, deletes
// those accounts and disables the package it created. Used by the CLI (load-tests/seed-load.mjs)
// and by bench-k6.mjs; docs/decisions.md "k6 against deployments (issue 20)".
import { randomBytes } from 'node:crypto';
import { isLoopbackHost, parseOrigin } from '../k6/lib/target.js';
import { ApiError, mapConcurrently, publicApi } from './public-api.mjs';

const DAY = 86_400_000;
/** The demo staff account `npm start` seeds (services/identity/src/demo/demo-users.ts); loopback only. */
const DEMO_PASSWORD = 'Trackside!2025';
export const SEED_FILE_VERSION = 1;

const M = {
  login: 'mutation($e: String, $p: String) { loginUser(email: $e, password: $p) { jwt } }',
  register:
    'mutation($e: String, $p: String, $u: String, $f: String, $l: String) { registerUser(email: $e, password: $p, username: $u, firstName: $f, lastName: $l) { jwt user { id } } }',
  confirm: 'mutation($id: ID!) { confirmUser(id: $id) { id } }',
  createPackage: 'mutation($data: PricingPackageInput!) { createPricingPackage(input: { data: $data }) { pricingPackage { id } } }',
  disablePackage:
    'mutation($id: ID!) { updatePricingPackage(input: { where: { id: $id }, data: { enabled: false } }) { pricingPackage { id } } }',
  createLot: 'mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }',
  approve: 'mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }',
  schedule: 'mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }',
  status: 'query($id: ID!) { auction(id: $id) { status } }',
  rules: 'query { configurationByBrand { auctionConfiguration { dateRangeLimit bidMinimumIncrement bidHoldRequired } } }',
  cancel: 'mutation($id: ID!, $r: String!) { cancelAuction(id: $id, reason: $r) { status } }',
  deleteUser: 'mutation($id: ID!) { deleteUser(input: { where: { id: $id } }) { user { id } } }',
};

/**
 * The staff token: given (--staff-token-file / SEED_STAFF_TOKEN), signed in with given credentials,
 * or, on this machine only, the demo staff account. Never a token minted with the server's secret.
 */
export async function staffToken(api, { staffToken: given, staffEmail, staffPassword }) {
  if (given) return given;
  const loopback = isLoopbackHost(parseOrigin(api.target).host);
  if (!staffEmail && !loopback) {
    throw new Error(
      'a remote target needs staff: --staff-token-file <file> or SEED_STAFF_TOKEN, or --staff-email with SEED_STAFF_PASSWORD',
    );
  }
  const email = staffEmail ?? `staff@${api.brand}.demo`;
  const data = await api.call(M.login, { e: email, p: staffPassword ?? DEMO_PASSWORD });
  if (!data.loginUser.jwt) throw new Error(`staff ${email} signed in without a token`);
  return data.loginUser.jwt;
}

/** Registers one account (confirmed by staff when the brand asks for email confirmation); answers it with a token. */
async function registerAccount(api, staff, { email, username, password }) {
  let data;
  try {
    data = await api.call(M.register, { e: email, p: password, u: username, f: 'Load', l: 'Tester' });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'Auth.form.error.tooManyAttempts') {
      throw new Error(
        `${error.message} The deployment limits sign-ups per client address (AUTH_ATTEMPTS_PER_ADDRESS per AUTH_ATTEMPT_WINDOW_SECONDS): raise it for the test or seed fewer bidders.`,
      );
    }
    throw error;
  }
  const id = data.registerUser.user.id;
  let token = data.registerUser.jwt;
  if (!token) {
    await api.call(M.confirm, { id }, staff);
    token = (await api.call(M.login, { e: email, p: password })).loginUser.jwt;
  }
  return { id, email, username, password, token };
}

function lotInput(index, packageId, runId) {
  return {
    title: `Load test lot ${runId}-${index}`,
    sellerType: 'Dealer',
    userDescription: 'Created by npm run seed:load for a load test; canceled by its cleanup.',
    reserve: 0,
    currency: 'USD',
    hasAgreedToTerms: true,
    dataFields: { make: { label: 'Make', value: 'Porsche' }, year: { label: 'Year', value: '1974' } },
    address: { country: 'US' },
    contactInfo: { name: 'Load Tester', email: 'seller@load.test' },
    packageId,
    paymentType: 'ONE_TIME',
  };
}

/** Creates, approves and schedules one lot; answers its id. Never schedules a start in the past. */
async function createScheduledLot(api, { seller, staff, packageId, runId, startAt, lengthMs }, index) {
  const id = (await api.call(M.createLot, { data: lotInput(index, packageId, runId) }, seller)).createAuction.auction.id;
  await api.call(M.approve, { id }, staff);
  // The brand fixes the length: the end moves with a start that seeding pushed later.
  const start = Math.max(startAt, Date.now() + 3000);
  await api.call(M.schedule, { id, s: new Date(start), e: new Date(start + lengthMs) }, staff);
  return id;
}

/**
 * The brand's auction rules the seed must follow: a lot runs exactly `dateRangeLimit` days, bids
 * step by at least `bidMinimumIncrement`. A brand that requires a payment hold per bidder and lot
 * cannot be bid on by seeded bidders without paying: refused with the reason.
 */
async function auctionRules(api) {
  const rules = (await api.call(M.rules)).configurationByBrand.auctionConfiguration;
  if (rules.bidHoldRequired) {
    throw new Error(
      `brand ${api.brand} requires a payment hold before a bid (bidHoldRequired): seeded bidders could not bid; turn it off for the test`,
    );
  }
  return { days: rules.dateRangeLimit, bidIncrement: rules.bidMinimumIncrement };
}

/** Polls each lot until every one is LIVE (or throws at `deadline`). */
async function waitLive(api, ids, deadline) {
  let pending = [...ids];
  while (pending.length > 0) {
    const statuses = await mapConcurrently(pending, 8, async (id) => (await api.call(M.status, { id })).auction?.status);
    pending = pending.filter((_, index) => statuses[index] !== 'LIVE');
    if (pending.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `${ids.length - pending.length} of ${ids.length} lots went LIVE in time (still waiting: ${pending.slice(0, 5).join(', ')})`,
      );
    await new Promise((done) => setTimeout(done, 500));
  }
}

/**
 * Seeds `lots` LIVE lots and `bidders` bidders. `record(seed)` is called after every phase with
 * what exists so far, so a failed run still leaves a file `cleanupLoad` can undo.
 */
export async function seedLoad(options, record = () => undefined) {
  const { target, brand, lots, bidders, concurrency = 8, startInS = 5, log = () => undefined } = options;
  const api = publicApi({ target, brand });
  const runId = randomBytes(3).toString('hex');
  const password = `Ld!${randomBytes(12).toString('base64url')}9A`;
  const seed = { version: SEED_FILE_VERSION, complete: false, createdAt: new Date().toISOString(), target, brand, runId };
  Object.assign(seed, { packageId: options.packageId ?? null, packageCreated: false, seller: null, bidders: [], tokens: [], lots: [] });
  const staff = await staffToken(api, options);
  const { days, bidIncrement } = await auctionRules(api);
  Object.assign(seed, { bidIncrement, lotDays: days });
  if (!seed.packageId) {
    const data = { title: `Load test ${runId}`, type: 'AUCTION', oneTimePayment: { enabled: true, price: 1 } };
    seed.packageId = (await api.call(M.createPackage, { data }, staff)).createPricingPackage.pricingPackage.id;
    seed.packageCreated = true;
    record(seed);
  }
  const account = (name) => ({ email: `load-${runId}-${name}@load.test`, username: `ld${runId}${name}`, password });
  seed.seller = await registerAccount(api, staff, account('sel'));
  record(seed);
  log(`registering ${bidders} bidders`);
  await mapConcurrently(
    Array.from({ length: bidders }, (_, i) => i),
    concurrency,
    async (i) => {
      seed.bidders[i] = await registerAccount(api, staff, account(`b${i}`));
    },
  );
  seed.tokens = seed.bidders.map((bidder) => bidder.token);
  record(seed);
  log(`creating, approving and scheduling ${lots} lots`);
  const startAt = Date.now() + startInS * 1000;
  const plan = { seller: seed.seller.token, staff, packageId: seed.packageId, runId, startAt, lengthMs: days * DAY };
  await mapConcurrently(
    Array.from({ length: lots }, (_, i) => i),
    concurrency,
    async (i) => {
      seed.lots.push(await createScheduledLot(api, plan, i));
    },
  );
  record(seed);
  log('waiting for the lots to go LIVE');
  await waitLive(api, seed.lots, Math.max(startAt, Date.now()) + 120_000);
  seed.complete = true;
  record(seed);
  return seed;
}

/** Cancels one lot: 'done', or 'already' when it no longer takes bids (canceled or ended: a second cleanup). */
async function cancelLot(api, staff, id, runId) {
  try {
    await api.call(M.cancel, { id, r: `Load test ${runId} cleanup (npm run seed:load -- --cleanup)` }, staff);
    return 'done';
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'auction.remedy.invalid.status') throw error;
    const status = (await api.call(M.status, { id })).auction?.status;
    if (status === 'LIVE' || status === 'SCHEDULED' || status === 'APPROVED') throw error;
    return 'already';
  }
}

/** Deletes one account: 'done', or 'already' when it is gone. */
async function deleteAccount(api, staff, id) {
  try {
    await api.call(M.deleteUser, { id }, staff);
    return 'done';
  } catch (error) {
    if (error instanceof ApiError && error.code === 'user.notFound') return 'already';
    throw error;
  }
}

/**
 * Undoes a seed file: cancels its lots, deletes its accounts, disables the package it created.
 * Safe to repeat (what is already undone counts as such). Answers the counts and the failures;
 * what the public API cannot remove stays (load-tests/README.md).
 */
export async function cleanupLoad(seed, options) {
  const api = publicApi({ target: seed.target, brand: seed.brand });
  const staff = await staffToken(api, options);
  const failures = [];
  const attempt = async (what, work) => {
    try {
      return await work();
    } catch (error) {
      failures.push(`${what}: ${error.message}`);
      return 'failed';
    }
  };
  const concurrency = options.concurrency ?? 8;
  const lots = await mapConcurrently(seed.lots ?? [], concurrency, (id) =>
    attempt(`cancel lot ${id}`, () => cancelLot(api, staff, id, seed.runId)),
  );
  const accounts = [...(seed.bidders ?? []), seed.seller].filter(Boolean);
  const deleted = await mapConcurrently(accounts, concurrency, (user) =>
    attempt(`delete ${user.email}`, () => deleteAccount(api, staff, user.id)),
  );
  const packageDisabled = seed.packageCreated
    ? (await attempt(`disable package ${seed.packageId}`, () => api.call(M.disablePackage, { id: seed.packageId }, staff))) !== 'failed'
    : false;
  const count = (list, outcome) => list.filter((one) => one === outcome).length;
  return {
    lotsCanceled: count(lots, 'done'),
    lotsAlreadyClosed: count(lots, 'already'),
    accountsDeleted: count(deleted, 'done'),
    accountsAlreadyGone: count(deleted, 'already'),
    packageDisabled,
    failures,
  };
}
