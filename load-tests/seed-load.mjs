// `npm run seed:load -- --lots N --bidders M [--target URL --brand B --allow-remote yes-i-own-this-deployment ...]`
// creates LIVE lots and bidders through the public GraphQL API and writes the JSON file the k6
// scripts read (SEED_FILE); `npm run seed:load -- --cleanup <file>` cancels and deletes what that
// file lists. Loopback by default; any other target needs the explicit opt-in. How to run a load
// test against a deployment step by step: load-tests/README.md.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkTarget } from './k6/lib/target.js';
import { cleanupLoad, seedLoad } from './lib/seed-load.mjs';

const USAGE = `npm run seed:load -- --lots N --bidders M [options]
npm run seed:load -- --cleanup <seed file> [--allow-remote ...] [staff options]

  --lots N                  LIVE lots to create (default 10)
  --bidders M               bidder accounts to register (default 10)
  --target URL              the marketplace origin (default http://127.0.0.1:3000, or LOAD_TARGET)
  --brand B                 brand (x-brand header; default trackside)
  --allow-remote VALUE      required for a non-loopback target: yes-i-own-this-deployment
  --staff-token-file FILE   a staff JWT (auctionEnabled, websiteEnabled, manageUsers); or SEED_STAFF_TOKEN
  --staff-email EMAIL       sign staff in with SEED_STAFF_PASSWORD instead (default on loopback: the demo staff)
  --package ID              an existing AUCTION pricing package to use (default: create one, disabled by cleanup)
  --start-in S              seconds until the lots open (default 5)
  --concurrency C           requests in flight while seeding (default 8)
  --out FILE                where to write the seed file (default .data/load-seed.json; holds passwords and tokens)`;

function options() {
  const { values } = parseArgs({
    options: {
      lots: { type: 'string', default: '10' },
      bidders: { type: 'string', default: '10' },
      target: { type: 'string', default: process.env.LOAD_TARGET ?? 'http://127.0.0.1:3000' },
      brand: { type: 'string', default: 'trackside' },
      'allow-remote': { type: 'string' },
      'staff-token-file': { type: 'string' },
      'staff-email': { type: 'string' },
      package: { type: 'string' },
      'start-in': { type: 'string', default: '5' },
      concurrency: { type: 'string', default: '8' },
      out: { type: 'string', default: '.data/load-seed.json' },
      cleanup: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const count = (name, min) => {
    const value = Number(values[name]);
    if (!Number.isFinite(value) || value < min) throw new Error(`--${name} must be a number >= ${min} (got ${values[name]})`);
    return value;
  };
  const staffTokenFile = values['staff-token-file'];
  return {
    help: values.help,
    cleanup: values.cleanup,
    allowRemote: values['allow-remote'],
    target: values.target,
    brand: values.brand,
    lots: Math.floor(count('lots', 1)),
    bidders: Math.floor(count('bidders', 1)),
    startInS: count('start-in', 0),
    concurrency: Math.floor(count('concurrency', 1)),
    out: values.out,
    packageId: values.package,
    staffToken: staffTokenFile ? readFileSync(staffTokenFile, 'utf8').trim() : process.env.SEED_STAFF_TOKEN,
    staffEmail: values['staff-email'],
    staffPassword: process.env.SEED_STAFF_PASSWORD,
  };
}

/** Written after every phase, readable only by its owner (bidder passwords and tokens). */
function writeSeed(path, seed) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(seed, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

async function cleanup(settings) {
  const seed = JSON.parse(readFileSync(settings.cleanup, 'utf8'));
  checkTarget(seed.target, settings.allowRemote);
  console.log(`[seed:load] cleaning up run ${seed.runId} on ${seed.target} (${seed.brand})`);
  const result = await cleanupLoad(seed, settings);
  console.log(
    `[seed:load] ${result.lotsCanceled}/${seed.lots?.length ?? 0} lots canceled (${result.lotsAlreadyClosed} already closed), ` +
      `${result.accountsDeleted} accounts deleted (${result.accountsAlreadyGone} already gone)` +
      (seed.packageCreated ? `, package ${result.packageDisabled ? 'disabled' : 'NOT disabled'}` : ''),
  );
  console.log(
    '[seed:load] what stays: the canceled lots and their bids (the event log is append-only), the disabled package, sign-up counters',
  );
  for (const failure of result.failures) console.error(`[seed:load] failed: ${failure}`);
  return result.failures.length === 0 ? 0 : 1;
}

async function seed(settings) {
  const target = checkTarget(settings.target, settings.allowRemote);
  const out = resolve(settings.out);
  console.log(`[seed:load] ${settings.lots} lots, ${settings.bidders} bidders on ${target} (${settings.brand})`);
  const started = Date.now();
  let written = false;
  const record = (partial) => {
    writeSeed(out, partial);
    written = true;
  };
  let result;
  try {
    result = await seedLoad({ ...settings, target, log: (line) => console.log(`[seed:load] ${line}`) }, record);
  } catch (error) {
    if (written) error.message += ` (what was created is in ${out}: npm run seed:load -- --cleanup ${out})`;
    throw error;
  }
  console.log(
    `[seed:load] ${result.lots.length} lots LIVE, ${result.bidders.length} bidders, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`[seed:load] wrote ${out}; k6: -e SEED_FILE=${out}; undo: npm run seed:load -- --cleanup ${out}`);
  return 0;
}

async function main() {
  const settings = options();
  if (settings.help) {
    console.log(USAGE);
    return 0;
  }
  return settings.cleanup ? cleanup(settings) : seed(settings);
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[seed:load] ${error.message}`);
    process.exit(1);
  },
);
