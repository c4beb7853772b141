import 'reflect-metadata';
import { runServiceProcess } from '@trackside/platform';
import { startAuctionService } from './auction.service-app';
import { loadAuctionConfig } from './config/auction-config';

/** Runs the auction service alone (production: one container per instance); SIGTERM stops it in order. */
const config = loadAuctionConfig();
await runServiceProcess({
  name: 'auction',
  config,
  start: ({ databaseUrl, logger }) => startAuctionService({ config, databaseUrl, logger }),
});
