import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@trackside/platform';
import { migrateIdentityDatabase, pendingIdentitySchemaChanges } from '../infrastructure/identity-data-source';

/**
 * CI guard (docs/architecture.md, habit 8) for the identity schema: apply the checked-in migrations to an empty
 * database, then ask TypeORM what it would still generate from the entities. Anything fails.
 */
const server = await startEmbeddedPostgres({
  dataDir: join(mkdtempSync(join(tmpdir(), 'trackside-identity-migcheck-')), 'pg'),
  persistent: false,
  tuneForTests: true,
});
let exitCode = 0;
try {
  await migrateIdentityDatabase(server.url);
  const pending = await pendingIdentitySchemaChanges(server.url);
  if (pending.length > 0) {
    console.error('identity: the entities differ from the migrations. Add a migration with:');
    console.error(pending.map((sql) => `  ${sql};`).join('\n'));
    exitCode = 1;
  } else {
    console.log('identity: migrations match the entities.');
  }
} finally {
  await server.stop();
}
process.exit(exitCode);
