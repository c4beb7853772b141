import { InitialProjections1763800000000 } from './1763800000000-initial-projections';

/** Every migration of the auction schema, oldest first. `npm run migrations:check` fails when the entities need more. */
export const AUCTION_MIGRATIONS: Array<new () => unknown> = [InitialProjections1763800000000];
