import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { explicitBrand } from '../../lib/brand-choice';
import { session } from '../../lib/session';

/** The `notification` push (services/realtime/src/user-notifications.ts). */
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
 * The signed-in user's live notifications (docs/notifications.md "Live"): one socket per tab while
 * signed in; the server puts it in the user's own room and pushes each new notification there.
 */
export function useNotificationSocket(brand: string, onPush: (push: NotificationPush) => void): void {
  const token = useSyncExternalStore(session.subscribe, session.token);
  const pushRef = useRef(onPush);
  pushRef.current = onPush;
  useEffect(() => {
    if (!token) return;
    const socket = io({ path: '/socket.io', transports: ['websocket', 'polling'], auth: { token, brand: explicitBrand ?? brand } });
    socket.on('notification', (push: NotificationPush) => pushRef.current(push));
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') socket.connect();
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [token, brand]);
}
