import { connectDatabase, type DatabaseConnection } from '@trackside/platform';
import { loadAuctionConfig, type AuctionConfig } from '../config/auction-config';

/** CLIs use the same database as the running marketplace (DATABASE_URL or the embedded one). */
export async function cliDatabase(quiet = false): Promise<{ config: AuctionConfig; database: DatabaseConnection }> {
  const config = loadAuctionConfig();
  const database = await connectDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    log: (line) => (quiet ? undefined : console.error(line)),
  });
  return { config, database };
}
