import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@trackside/platform';
import { migrateAuctionDatabase, pendingSchemaChanges } from '../infrastructure/auction-data-source';

/**
 * CI guard (docs/architecture.md, habit 8): apply the checked-in migrations to an empty database, then ask
 * TypeORM what it would still generate from the entities. Anything at all fails the check.
 */
const server = await startEmbeddedPostgres({
  dataDir: join(mkdtempSync(join(tmpdir(), 'trackside-migcheck-')), 'pg'),
  persistent: false,
  tuneForTests: true,
});
let exitCode = 0;
try {
  await migrateAuctionDatabase(server.url);
  const pending = await pendingSchemaChanges(server.url);
  if (pending.length > 0) {
    console.error('auction: the entities differ from the migrations. Add a migration with:');
    console.error(pending.map((sql) => `  ${sql};`).join('\n'));
    exitCode = 1;
  } else {
    console.log('auction: migrations match the entities.');
  }
} finally {
  await server.stop();
}
process.exit(exitCode);
