import { randomUUID } from 'node:crypto';
import type { JsonLogger } from '@trackside/platform';
import { describe, expect, it } from 'vitest';
import type { IdentityEventStore } from '../infrastructure/event-store.provider';
import { NOTIFICATION_ADDED, NOTIFICATION_PUSH_STREAM_PREFIX, NotificationPushes } from './notification-pushes';
import type { StoredNotification } from './notification-store';

function notification(userId: string, inApp = true): StoredNotification {
  return {
    id: randomUUID(),
    userId,
    brand: 'trackside',
    kind: 'OUTBID',
    lotId: randomUUID(),
    occurrence: '1',
    title: 'You were outbid',
    body: 'Another bidder bid USD 1,300.00.',
    link: '/auctions/a-lot',
    inApp,
    email: true,
    createdAt: new Date('2026-11-27T05:00:00Z'),
    readAt: null,
  };
}

describe("identity's live notification pushes (issue 20: nothing after the append per bid)", () => {
  it("appends a batch's pushes in one call, one request per in-app notification, not one append each", async () => {
    const calls: Array<{ method: string; requests: unknown[] }> = [];
    const store = {
      append: async (...args: unknown[]) => void calls.push({ method: 'append', requests: [args] }),
      appendMany: async (requests: unknown[]) => {
        calls.push({ method: 'appendMany', requests });
        return [];
      },
    };
    const logger = { child: () => ({ warn: () => undefined }) } as unknown as JsonLogger;
    const pushes = new NotificationPushes({ store } as unknown as IdentityEventStore, logger);
    const users = [randomUUID(), randomUUID()];

    pushes.send([notification(users[0]!), notification(users[1]!), notification(users[0]!), notification(users[1]!, false)]);
    await new Promise((settled) => setImmediate(settled));

    expect(calls.map((call) => call.method)).toEqual(['appendMany']);
    const requests = calls[0]!.requests as Array<{ streamId: string; events: Array<{ type: string }> }>;
    expect(requests.map((request) => request.streamId)).toEqual(
      [users[0], users[1], users[0]].map((id) => `${NOTIFICATION_PUSH_STREAM_PREFIX}${id}`),
    );
    expect(requests.every((request) => request.events.length === 1 && request.events[0]!.type === NOTIFICATION_ADDED)).toBe(true);
  });
});
