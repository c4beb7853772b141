import 'reflect-metadata';
import { runServiceProcess } from '@trackside/platform';
import { loadIdentityConfig } from './config/identity-config';
import { seedDemoUsers } from './demo/demo-users';
import { startIdentityService } from './identity.service-app';

/** Runs the identity service alone (production: one container per instance); SIGTERM stops it in order. */
const config = loadIdentityConfig();
const { service, logger } = await runServiceProcess({
  name: 'identity',
  config,
  start: ({ databaseUrl, logger }) => startIdentityService({ config, databaseUrl, logger }),
});
if (config.DEMO_DATA) {
  const demo = await seedDemoUsers(service.app, { log: (line) => logger.log(line, 'Demo') });
  logger.log(demo.summary, 'Demo');
}
