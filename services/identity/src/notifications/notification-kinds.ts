/**
 * The notification kinds (issue 21). Each has a per-user in-app and email preference (both on
 * unless the user turned one off). `emailedHere` false: the email of that kind is sent by the
 * auction-emails processor (services/identity/src/email/auction-emails.processor.ts), which
 * predates this feature; the notifications processor stores the in-app notification only.
 */
export const NOTIFICATION_KINDS = {
  OUTBID: { label: 'You were outbid', emailedHere: false },
  WATCHED_LIVE: { label: 'A watched lot goes live', emailedHere: true },
  ENDING_SOON: { label: 'A watched or bid-on lot is ending', emailedHere: true },
  WON: { label: 'You won', emailedHere: false },
  LOST: { label: 'You did not win', emailedHere: true },
  LOT_ENDED: { label: 'Your lot ended', emailedHere: false },
  MAX_EXCEEDED: { label: 'Your maximum bid was exceeded', emailedHere: true },
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

export function isNotificationKind(value: string): value is NotificationKind {
  return Object.prototype.hasOwnProperty.call(NOTIFICATION_KINDS, value);
}
