import { runServiceProcess } from '@trackside/platform';
import { loadRealtimeConfig } from './config/realtime-config';
import { startRealtimeService } from './realtime.service-app';

/** Runs the realtime gateway alone (production topology: several instances behind the gateway); SIGTERM stops it in order. */
const config = loadRealtimeConfig();
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required to run the realtime gateway alone');
await runServiceProcess({
  name: 'realtime',
  config,
  start: ({ databaseUrl, logger }) => startRealtimeService({ config, databaseUrl, logger }),
});
