import { Inject, Injectable } from '@nestjs/common';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import { IdentityEventStore } from '../infrastructure/event-store.provider';
import type { StoredNotification } from './notification-store';

/** Stream of a user's live notification pushes; the realtime service follows the prefix. */
export const NOTIFICATION_PUSH_STREAM_PREFIX = 'user-notifications-';
export const NOTIFICATION_ADDED = 'NotificationAdded';

/**
 * The live push of new in-app notifications (docs/notifications.md "Live"): after the batch that
 * stored them commits, one `NotificationAdded` event per notification on the user's push stream,
 * which the realtime service relays to that user's own sockets. Best effort: a crash between the
 * commit and the append loses the push, never the notification (the bell reads the table).
 */
@Injectable()
export class NotificationPushes {
  private readonly log: AppLogger;

  constructor(
    private readonly events: IdentityEventStore,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(NotificationPushes.name);
  }

  /** Appends the pushes of notifications that have committed: one append for the whole batch. */
  send(notifications: StoredNotification[]): void {
    const due = notifications.filter((notification) => notification.inApp);
    if (due.length === 0) return;
    this.events.store
      .appendMany(
        due.map((notification) => ({
          streamId: `${NOTIFICATION_PUSH_STREAM_PREFIX}${notification.userId}`,
          events: [
            {
              type: NOTIFICATION_ADDED,
              data: {
                id: notification.id,
                userId: notification.userId,
                kind: notification.kind,
                lotId: notification.lotId,
                title: notification.title,
                body: notification.body,
                link: notification.link,
                createdAt: notification.createdAt.toISOString(),
              },
              metadata: { brand: notification.brand, occurredAt: notification.createdAt.toISOString() },
            },
          ],
          expectedVersion: 'any' as const,
        })),
      )
      .catch((error: unknown) => this.log.warn('Notification pushes not appended', { error: String(error), count: due.length }));
  }
}
