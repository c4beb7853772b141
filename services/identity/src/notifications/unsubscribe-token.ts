import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationKind, type NotificationKind } from './notification-kinds';

/**
 * The one-click unsubscribe token of an email: the user and kind, signed with an HMAC of the
 * service's signing key (a label keeps it apart from every other use of that key). It never
 * expires: an old email's link keeps working, and all it can do is turn one kind of email off.
 */
export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  const payload = Buffer.from(`${userId}:${kind}`).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The user and kind of a valid token, null for anything else. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: NotificationKind } | null {
  const [payload, signed, extra] = token.split('.');
  if (!payload || !signed || extra !== undefined) return null;
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, kind] = Buffer.from(payload, 'base64url').toString().split(':');
  if (!userId || !kind || !isNotificationKind(kind)) return null;
  return { userId, kind };
}

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`notification-unsubscribe:${payload}`).digest('base64url');
}
