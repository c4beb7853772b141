import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../platform/src/database/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseAdminUrl: string;
  }
}

/**
 * One PostgreSQL for the whole test run (docs/architecture.md section 7): embedded unless
 * TEST_DATABASE_URL points at a server. Test files create their own databases on it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0):
  // that replaced the failure code vitest leaves in process.exitCode, so a run with failing tests
  // exited 0 (CI could not fail). Exit with vitest's code first; our teardown stops the server.
  process.prependListener('beforeExit', () => {
    if (process.exitCode) process.exit(process.exitCode);
  });
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('testDatabaseAdminUrl', external);
    return async () => {};
  }
  const root = mkdtempSync(join(tmpdir(), 'trackside-test-'));
  const server = await startEmbeddedPostgres({
    dataDir: join(root, 'pg'),
    persistent: false,
    tuneForTests: true,
    log: (line) => console.error(line),
  });
  project.provide('testDatabaseAdminUrl', server.url);
  return async () => {
    await server.stop();
  };
}
