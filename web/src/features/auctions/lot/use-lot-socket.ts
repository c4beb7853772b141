import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { explicitBrand } from '../../../lib/brand-choice';
import { notify } from '../../../lib/notify';
import { observeServerTime } from '../../../lib/server-clock';
import { session } from '../../../lib/session';
import { endsSession, SESSION_ENDED_TEXT } from '../../../lib/session-end';
import { useAuth } from '../../auth/auth-context';
import type { CommentNode } from '../comments/comment.operations';
import { LIVE_MESSAGES, type Ack, type LotPush } from './lot-live';

export interface LotSocket {
  connected: boolean;
  live: LotPush | null;
  /** Emits with an acknowledgement; rejects when not connected or after 10 s. */
  emit: <T>(event: string, payload: Record<string, unknown>) => Promise<Ack<T>>;
}

/**
 * The lot's realtime connection (docs/realtime.md): joins the lot on connect (and on every
 * reconnect, whose snapshot resynchronises the page), leaves it on unmount; a server-side
 * disconnect ('io server disconnect') is followed by a reconnect, except when the server ended the
 * session (`exception` or a refused handshake with UNAUTHENTICATED, issue 18 M5): then this browser
 * signs out at once and opens the login dialog with a message (lib/session-end.ts).
 */
export function useLotSocket(
  auctionId: string | null,
  brand: string,
  handlers: { onComments: (comments: CommentNode[]) => void; onPush?: (push: LotPush) => void },
): LotSocket {
  const [connected, setConnected] = useState(false);
  const [live, setLive] = useState<LotPush | null>(null);
  const socketRef = useRef<Socket | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  // Signing in or out reconnects with the new token (bids and comments need it).
  const token = useSyncExternalStore(session.subscribe, session.token);
  const { logout, openAuth } = useAuth();
  const authRef = useRef({ logout, openAuth });
  authRef.current = { logout, openAuth };

  useEffect(() => {
    if (!auctionId) return;
    const socket = io({
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      auth: { ...(token ? { token } : {}), brand: explicitBrand ?? brand },
    });
    socketRef.current = socket;
    const lastVersion = { value: -1 };
    let ended = false;
    const endSession = (payload: unknown): void => {
      // Only the token this socket carried: a newer sign-in in another tab is not ended by it.
      if (ended || !token || !endsSession(payload) || session.token() !== token) return;
      ended = true;
      socket.disconnect();
      void authRef.current.logout().then(() => {
        notify('warning', SESSION_ENDED_TEXT);
        authRef.current.openAuth('login');
      });
    };
    socket.on('exception', endSession);
    socket.on('connect_error', (error: Error & { data?: unknown }) => endSession(error.data));
    socket.on('connect', () => {
      setConnected(true);
      socket.emit('joinAuctionLot', { auctionId }, (ack: Ack) => {
        if (ack?.status === 'failure') notify('error', LIVE_MESSAGES.lotNotAvailable);
      });
    });
    socket.on('disconnect', (reason) => {
      setConnected(false);
      if (reason === 'io server disconnect' && !ended) socket.connect();
    });
    socket.on('auction', (push: LotPush) => {
      if (push.id !== auctionId) return;
      observeServerTime(push.serverTime);
      // A gap in versions means pushes were missed: ask for the full state again.
      if (lastVersion.value >= 0 && !push.resync && push.changes.length > 0 && push.changes[0]!.version > lastVersion.value + 1) {
        socket.emit('getAuction', { auctionId }, () => undefined);
      }
      lastVersion.value = Math.max(lastVersion.value, push.version);
      setLive(push);
      handlersRef.current.onPush?.(push);
    });
    socket.on('comments', (message: { auctionId: string; comments: CommentNode[] }) => {
      if (message.auctionId === auctionId) handlersRef.current.onComments(message.comments);
    });
    return () => {
      socket.emit('leaveAuctionLot', { auctionId });
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
      setConnected(false);
      setLive(null);
    };
  }, [auctionId, brand, token]);

  const emit = useCallback(<T>(event: string, payload: Record<string, unknown>): Promise<Ack<T>> => {
    const socket = socketRef.current;
    if (!socket?.connected) return Promise.reject(new Error('not connected'));
    return socket.timeout(10_000).emitWithAck(event, payload) as Promise<Ack<T>>;
  }, []);

  return { connected, live, emit };
}
