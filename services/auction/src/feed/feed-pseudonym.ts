import { createHmac } from 'node:crypto';

/** Maps a user id to its feed reference; null in, null out. */
export type Pseudonymizer = (userId: string | null | undefined) => string | null;

/** The pseudonymizer of one brand's topic. */
export type BrandPseudonyms = (brand: string) => Pseudonymizer;

/**
 * Pseudonymous person references of the feed (docs/events.md "Personal data"), keyed per brand:
 * the brand key is HMAC-SHA256(FEED_PSEUDONYM_KEY, "brand:" + brand), the reference the first 128
 * bits of HMAC-SHA256(brand key, user id) in hex. Stable within a brand's topic, so a consumer can
 * tell that two bids came from the same bidder; unrelated across brands, so two brands comparing
 * their feeds cannot link a person who bids on both.
 */
export function createBrandPseudonyms(key: string): BrandPseudonyms {
  if (key.length < 32) throw new RangeError('The feed pseudonym key must be at least 32 characters');
  const brands = new Map<string, Pseudonymizer>();
  return (brand) => {
    let pseudonymizer = brands.get(brand);
    if (!pseudonymizer) {
      const brandKey = createHmac('sha256', key).update(`brand:${brand}`).digest();
      pseudonymizer = (userId) => {
        if (userId === null || userId === undefined || userId === '') return null;
        return createHmac('sha256', brandKey).update(String(userId)).digest('hex').slice(0, 32);
      };
      brands.set(brand, pseudonymizer);
    }
    return pseudonymizer;
  };
}
