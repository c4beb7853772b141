import 'reflect-metadata';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { ConfigError, DomainError, JsonLogger, NO_PERMISSIONS, type AuthUser } from '@trackside/platform';
import { startAuctionService } from '../../auction.service-app';
import { cliDatabase } from '../../cli/cli-database';
import { loadAuctionConfig } from '../../config/auction-config';
import { feedRelayConfig } from '../feed-relay-config';
import { FeedService } from '../feed.service';
import type { FeedRepublishJobObject } from '../graphql/feed.objects';

/**
 * `npm run feed:republish -- --brand <brand> --from <global position> [--wait]`: starts the
 * re-publish job GraphQL `republishFeed(fromPosition)` starts (the same FeedService call, so the same
 * checks and error texts), prints its id, and with --wait follows its progress until it ends. Without
 * --wait the running marketplace's feed relay runs the job (it reads waiting jobs every
 * FEED_REFRESH_MS). Needs the service's Kafka settings (KAFKA_BROKERS, FEED_PSEUDONYM_KEY).
 */
const USAGE = 'usage: npm run feed:republish -- --brand <brand> --from <global position> [--wait]';
const POLL_MS = 1000;
const ENDED = new Set(['DONE', 'FAILED', 'CANCELLED']);

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: { brand: { type: 'string' }, from: { type: 'string' }, wait: { type: 'boolean', default: false } },
      strict: true,
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
})();
const brand = values.brand?.trim().toLowerCase();
if (!brand || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(brand)) fail(`--brand is required (a brand id such as trackside)\n${USAGE}`);
const from = values.from?.trim();
if (!from || !/^\d{1,19}$/.test(from)) fail(`--from is required: the global position to re-publish from (digits)\n${USAGE}`);

// Refused before touching the database: without Kafka no relay could ever run the job.
try {
  if (!feedRelayConfig(loadAuctionConfig()))
    fail('The brand feed is not configured: set KAFKA_BROKERS (and FEED_PSEUDONYM_KEY) as for the running service.');
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

const { config, database } = await cliDatabase(true);
const service = await startAuctionService({
  config: { ...config, SCHEDULER_ENABLED: false, PROJECTIONS_ENABLED: false, AUCTION_PORT: 0 },
  databaseUrl: database.url,
  logger: new JsonLogger('auction', 'warn', 'pretty'),
});
const close = async (code: number): Promise<never> => {
  await service.close();
  await database.stop();
  process.exit(code);
};
const feed = service.app.get(FeedService);
const operator = `cli:${userInfo().username}`;
const actor: AuthUser = {
  id: operator,
  brand,
  email: '',
  username: operator,
  confirmed: true,
  permissions: NO_PERMISSIONS,
  tokenVersion: 0,
};

let job: FeedRepublishJobObject;
try {
  job = await feed.republish(brand, { fromPosition: from }, actor);
} catch (error) {
  console.error(error instanceof DomainError ? `${error.message} (${error.code})` : String(error));
  await close(1);
}
console.log(`Re-publish job ${job!.id}: brand ${brand}, positions ${from} to ${job!.untilPosition}, ${job!.status}`);
if (!values.wait) {
  console.log('The feed relay of the running marketplace runs it; follow it with --wait, feedRepublishJob or the back office.');
  await close(0);
}
process.once('SIGINT', () => void close(130));
await close(await follow(job!.id));

/** Prints the job's progress whenever it changes, until it ends; the exit code: 0 when DONE. */
async function follow(id: string): Promise<number> {
  let last = '';
  for (;;) {
    const current = await feed.job(brand!, id);
    if (!current) return 1;
    const line = progressLine(current);
    if (line !== last) console.log(line);
    last = line;
    if (ENDED.has(current.status)) return current.status === 'DONE' ? 0 : 1;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function progressLine(job: FeedRepublishJobObject): string {
  const at = job.currentPosition === null ? '' : ` at position ${job.currentPosition}`;
  const error = job.lastError ? ` (last error: ${job.lastError})` : '';
  return `${job.status} ${Math.round(job.progress * 100)}%: ${job.scannedEvents} events read, ${job.publishedEvents} published${at}${error}`;
}
