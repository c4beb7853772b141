import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Notifications (spec 000 section 9): top right, 2,000 ms, no duplicates, at most 2 at once.
 * The App component hands its notification instance here so code outside React (the Apollo
 * error link, the socket) can notify too. The message text is the key, so the same message
 * twice updates the one already shown instead of stacking a duplicate.
 */
export const NOTIFICATION_DURATION_MS = 2000;
export const NOTIFICATION_MAX = 2;
/** Top right, but below the site header: a notice must not cover the header's bell, account menu or sign-in (issue 21). */
export const NOTIFICATION_TOP_PX = 80;

type Kind = 'success' | 'info' | 'warning' | 'error';
let api: NotificationInstance | null = null;

export function bindNotifications(instance: NotificationInstance): void {
  api = instance;
}

export function notify(kind: Kind, text: string): void {
  if (!api) {
    console.warn(`[${kind}] ${text}`);
    return;
  }
  api[kind]({ key: `${kind}:${text}`, title: text, duration: NOTIFICATION_DURATION_MS / 1000, placement: 'topRight' });
}
