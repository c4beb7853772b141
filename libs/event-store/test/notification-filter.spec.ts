import { describe, expect, it } from 'vitest';
import { notificationConcerns } from '../src/postgres/postgres-event-store';

describe('append notifications and reader filters', () => {
  it('wakes a reader whose stream prefixes match the appended stream', () => {
    expect(notificationConcerns({ streamPrefixes: ['lot-', 'watchlist-'] }, 'lot-1f0c')).toBe(true);
    expect(notificationConcerns({ streamPrefixes: ['user-'] }, 'user-42')).toBe(true);
  });

  it('lets a reader skip a notification for a stream it can never read', () => {
    expect(notificationConcerns({ streamPrefixes: ['user-'] }, 'lot-1f0c')).toBe(false);
    expect(notificationConcerns({ streamPrefixes: ['lot-'] }, 'watchlist-7')).toBe(false);
  });

  it('reads when it cannot tell: no prefixes (types only or no filter) or no payload', () => {
    expect(notificationConcerns({ eventTypes: ['BidPlaced'] }, 'user-1')).toBe(true);
    expect(notificationConcerns(undefined, 'anything')).toBe(true);
    expect(notificationConcerns({ streamPrefixes: ['user-'] }, undefined)).toBe(true);
    expect(notificationConcerns({ streamPrefixes: ['user-'] }, '')).toBe(true);
  });
});
