// One-shot migration job of the scaled-out topology: applies the event store schema and every
// service's TypeORM migrations to DATABASE_URL, then exits. Run it once before starting (or
// upgrading) the service instances; their own boot-time migration step then finds nothing to do.
// Runs from a built tree (`npm run build:server`, or the deploy/Dockerfile image):
//
//   DATABASE_URL=postgres://... node deploy/migrate.mjs
//
// Concurrent runs are serialised by a PostgreSQL advisory lock, so a job started twice is harmless.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Each service's migration entry point in dist/ (services not built yet are skipped with a note). */
const STEPS = [
  { name: 'eventstore', module: 'dist/libs/event-store/src/index.js', run: (m, url) => migrateStore(m, url) },
  {
    name: 'auction',
    module: 'dist/services/auction/src/infrastructure/auction-data-source.js',
    run: (m, url) => m.migrateAuctionDatabase(url),
  },
  {
    name: 'identity',
    module: 'dist/services/identity/src/infrastructure/identity-data-source.js',
    run: (m, url) => m.migrateIdentityDatabase(url),
  },
  {
    name: 'catalogue',
    module: 'dist/services/catalogue/src/infrastructure/catalogue-data-source.js',
    run: (m, url) => m.migrateCatalogueDatabase(url),
    // The catalogue service is still being built; until it is, its absence is not an error.
    optional: true,
  },
];

async function migrateStore(eventStore, url) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await eventStore.migrateEventStoreSchema(pool);
  } finally {
    await pool.end();
  }
}

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('migrate: DATABASE_URL is required');
  process.exit(2);
}
const lock = new pg.Client({ connectionString: url });
await lock.connect();
try {
  await lock.query('SELECT pg_advisory_lock(hashtext($1))', ['trackside:migrate']);
  for (const step of STEPS) {
    const file = join(root, step.module);
    if (!existsSync(file)) {
      console.error(`migrate: ${step.name}: ${step.module} not found (run npm run build:server)`);
      if (!step.optional) process.exitCode = 1;
      continue;
    }
    const started = Date.now();
    await step.run(await import(pathToFileURL(file).href), url);
    console.log(`migrate: ${step.name} up to date (${Date.now() - started} ms)`);
  }
} finally {
  await lock.query('SELECT pg_advisory_unlock(hashtext($1))', ['trackside:migrate']).catch(() => undefined);
  await lock.end();
}
