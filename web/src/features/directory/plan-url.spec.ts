import { describe, expect, it } from 'vitest';
import { planMatches } from './directory-rules';

describe('the plan URL (issue 24 item 18)', () => {
  it("accepts the spec's form (the title lowercased, encoded or not) and the slug", () => {
    expect(planMatches('Basic Listing', 'basic%20listing')).toBe(true);
    expect(planMatches('Basic Listing', 'basic listing')).toBe(true);
    expect(planMatches('Basic Listing', 'basic-listing')).toBe(true);
    expect(planMatches('Basic Listing', 'featured-listing')).toBe(false);
    expect(planMatches('Basic Listing', undefined)).toBe(false);
  });
});
