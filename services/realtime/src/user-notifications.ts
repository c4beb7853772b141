import { decodeNotificationAdded, NOTIFICATION_ADDED, NOTIFICATION_PUSH_STREAM_PREFIX } from '@trackside/contracts';
import { defineProcessor, type DefinedProcessor, type EventFilter, type RecordedEvent } from '@trackside/event-store';
import type { Server, Socket } from 'socket.io';
import { socketData } from './socket-session';

/** Identity appends each new in-app notification here (services/identity/src/notifications/notification-pushes.ts). */
export const USER_NOTIFICATIONS_STREAM_PREFIX = NOTIFICATION_PUSH_STREAM_PREFIX;
export const REALTIME_USER_NOTIFICATIONS_PROCESSOR = 'realtime-user-notifications';
export const REALTIME_USER_NOTIFICATIONS_FILTER: EventFilter = {
  streamPrefixes: [USER_NOTIFICATIONS_STREAM_PREFIX],
  eventTypes: [NOTIFICATION_ADDED],
};
const USER_ROOM_PREFIX = 'user-notes:';

/** The `notification` push a signed-in socket receives (docs/notifications.md "Live"). */
export interface NotificationPush {
  id: string;
  kind: string;
  lotId: string;
  title: string;
  body: string;
  link: string;
  createdAt: string;
}

/**
 * Issue 21's live notifications: a signed-in socket joins its user's room on connection, and every
 * instance follows identity's NotificationAdded events live (from the head, like the lot events)
 * and emits each to that room on its own sockets only (every instance reads the log itself). A
 * notification of another brand than the socket's is not pushed (a user belongs to one brand).
 */
export class UserNotifications {
  constructor(private readonly io: Server) {}

  /** Joins each signed-in socket to its user's room. */
  attach(): void {
    this.io.on('connection', (socket: Socket) => {
      const user = socketData(socket).user;
      if (user) void socket.join(`${USER_ROOM_PREFIX}${user.id}`);
    });
  }

  processor(): DefinedProcessor<undefined> {
    return defineProcessor<undefined>({
      name: REALTIME_USER_NOTIFICATIONS_PROCESSOR,
      filter: REALTIME_USER_NOTIFICATIONS_FILTER,
      mode: 'live',
      batchSize: 500,
      handle: (events) => this.push(events),
    });
  }

  private push(events: RecordedEvent[]): void {
    for (const event of events) {
      // Read through the contract's codec; an event it cannot read (no user) is skipped.
      const data = decodeNotificationAdded(event);
      if (!data || !event.streamId.startsWith(USER_NOTIFICATIONS_STREAM_PREFIX)) continue;
      const { userId } = data;
      const push: NotificationPush = {
        id: data.id || event.eventId,
        kind: data.kind,
        lotId: data.lotId,
        title: data.title,
        body: data.body,
        link: data.link,
        createdAt: data.createdAt || event.createdAt.toISOString(),
      };
      this.io.local.to(`${USER_ROOM_PREFIX}${userId}`).emit('notification', push);
    }
  }
}
