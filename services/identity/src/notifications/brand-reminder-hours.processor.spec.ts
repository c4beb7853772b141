import { describe, expect, it } from 'vitest';
import { BrandReminderHoursFollower } from './brand-reminder-hours.processor';

const configured = (data: Record<string, unknown>) => ({ type: 'BrandAuctionConfigured', data: { brand: 'demo', ...data } });

describe("a brand's own ending-reminder hours (issue 21)", () => {
  it('follows the latest auction configuration: its hours largest first, none when it carries none', () => {
    const follower = new BrandReminderHoursFollower();
    expect(follower.of('demo')).toBeUndefined();
    follower.apply(configured({ endingReminderHours: [2, 48] }));
    expect(follower.of('demo')).toEqual([48, 2]);
    expect(follower.all()).toEqual([[48, 2]]);
    // Another setting changed: the event carries the whole configuration, so no hours means the default again.
    follower.apply(configured({ bidMinimumIncrementCents: 500 }));
    expect(follower.of('demo')).toBeUndefined();
  });

  it('reads malformed hours as none and ignores other events', () => {
    const follower = new BrandReminderHoursFollower();
    follower.apply(configured({ endingReminderHours: [0, 'soon'] }));
    expect(follower.of('demo')).toBeUndefined();
    follower.apply({ type: 'BrandProfileConfigured', data: { brand: 'demo', companyName: 'Demo', endingReminderHours: [5] } });
    expect(follower.of('demo')).toBeUndefined();
  });
});
