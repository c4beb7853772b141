import 'reflect-metadata';
import { connectDatabase, JsonLogger } from '@trackside/platform';
import { loadIdentityConfig } from '../config/identity-config';
import { startIdentityService } from '../identity.service-app';
import { createStaffUser, parseStaffUserArgs } from './staff-user-command';

/**
 * `STAFF_PASSWORD=... npm run staff:create -- --brand <brand> --email <email> [--username <name>]
 * [--permissions superAdmin,manageUsers,...|all]`: creates a confirmed staff account, e.g. a new
 * deployment's first superAdmin (docs/operations.md, "Operator commands").
 */
let request;
try {
  request = parseStaffUserArgs(process.argv.slice(2), process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
const config = loadIdentityConfig();
const database = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, log: () => undefined });
const service = await startIdentityService({
  config: { ...config, IDENTITY_PORT: 0, DEMO_DATA: false },
  databaseUrl: database.url,
  logger: new JsonLogger('identity', 'warn', 'pretty'),
  port: 0,
});
try {
  const user = await createStaffUser(service.app, request);
  console.log(
    `Created staff user ${user.username} <${user.email}> (${user.id}) in ${user.brand}: ${request.permissions.join(', ') || 'no permissions'}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await service.close();
  await database.stop();
}
process.exit(process.exitCode ?? 0);
