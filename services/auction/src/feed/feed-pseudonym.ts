import { createHmac } from 'node:crypto';

/** Maps a user id to its feed reference; null in, null out. */
export type Pseudonymizer = (userId: string | null | undefined) => string | null;

/**
 * Pseudonymous person references of the feed (docs/events.md "Personal data"): the first 128 bits
 * of HMAC-SHA256(FEED_PSEUDONYM_KEY, user id) in hex. Stable for a key, so a consumer can tell
 * that two bids came from the same bidder, but not who the bidder is without the key.
 */
export function createPseudonymizer(key: string): Pseudonymizer {
  if (key.length < 32) throw new RangeError('The feed pseudonym key must be at least 32 characters');
  return (userId) => {
    if (userId === null || userId === undefined || userId === '') return null;
    return createHmac('sha256', key).update(String(userId)).digest('hex').slice(0, 32);
  };
}
