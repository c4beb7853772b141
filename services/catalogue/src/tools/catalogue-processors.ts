import type { WatchedProcessor } from '@trackside/event-store';
import { DIRECTORY_PAYMENTS_FILTER, DIRECTORY_PAYMENTS_FOLLOWER } from '../directory/directory-payments.processor';
import { LISTING_PAYMENTS_FILTER, LISTING_PAYMENTS_FOLLOWER } from '../listings/listing-payments.processor';

/**
 * The catalogue's log consumers on the status page, with the filters they follow with (exported by
 * each follower). Both are in-memory followers read from the log start at boot, so they have no
 * checkpoint row: their position and last error are those of this instance.
 */
export const CATALOGUE_PROCESSORS: WatchedProcessor[] = [
  { name: DIRECTORY_PAYMENTS_FOLLOWER, filter: DIRECTORY_PAYMENTS_FILTER, kind: 'follower' },
  { name: LISTING_PAYMENTS_FOLLOWER, filter: LISTING_PAYMENTS_FILTER, kind: 'follower' },
];
