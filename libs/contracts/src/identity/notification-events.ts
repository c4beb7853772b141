import { z } from 'zod';
import { eventDecoder, field } from '../codec/event-codec';

/**
 * Issue 21's live notification pushes: identity appends one `NotificationAdded` per new in-app
 * notification on `user-notifications-<userId>` once the batch that stored it commits
 * (services/identity/src/notifications/notification-pushes.ts); the realtime service relays it to
 * that user's sockets (services/realtime/src/user-notifications.ts). docs/notifications.md "Live".
 */
export const NOTIFICATION_PUSH_STREAM_PREFIX = 'user-notifications-';
export const NOTIFICATION_ADDED = 'NotificationAdded';

/** Version 1 data; readers ignore unknown fields. */
export interface NotificationAddedData {
  /** The notification's id ('' when missing: the reader falls back to the event's id). */
  id: string;
  userId: string;
  /** The data's brand, else the metadata's. */
  brand: string;
  kind: string;
  lotId: string;
  title: string;
  body: string;
  link: string;
  /** '' when missing: the reader falls back to the event's own time. */
  createdAt: string;
}

/** Version-tolerant decoder of `NotificationAdded`: the user it is for is required. */
export const decodeNotificationAdded = eventDecoder(
  NOTIFICATION_ADDED,
  z.object({
    id: field.text(),
    userId: field.id(),
    brand: field.text(),
    kind: field.text(),
    lotId: field.text(),
    title: field.text(),
    body: field.text(),
    link: field.text(),
    createdAt: field.text(),
  }) satisfies z.ZodType<NotificationAddedData>,
);
