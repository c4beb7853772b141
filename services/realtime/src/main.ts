import { connectDatabase, JsonLogger } from '@trackside/platform';
import { loadRealtimeConfig } from './config/realtime-config';
import { startRealtimeService } from './realtime.service-app';

/** Runs the realtime gateway alone (production topology: several instances behind the gateway). */
const config = loadRealtimeConfig();
const logger = new JsonLogger('realtime', config.LOG_LEVEL, config.LOG_FORMAT);
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required to run the realtime gateway alone');
const database = await connectDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  log: (line) => logger.log(line, 'Database'),
});
const service = await startRealtimeService({ config, databaseUrl: database.url, logger });
const shutdown = async (): Promise<void> => {
  await service.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
