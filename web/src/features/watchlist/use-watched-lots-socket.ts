import { useEffect, useState, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { explicitBrand } from '../../lib/brand-choice';
import { observeServerTime } from '../../lib/server-clock';
import { session } from '../../lib/session';
import type { LotPush } from '../auctions/lot/lot-live';

/**
 * One Socket.IO connection for the watchlist page that joins every watched lot's room (the lot
 * page joins one; docs/realtime.md), so each card follows its lot's `auction` pushes live. A
 * reconnect joins again, and the join snapshot resynchronises the cards.
 */
export function useWatchedLotsSocket(lotIds: string[], brand: string): Map<string, LotPush> {
  const [pushes, setPushes] = useState<Map<string, LotPush>>(new Map());
  const token = useSyncExternalStore(session.subscribe, session.token);
  const key = [...lotIds].sort().join(',');

  useEffect(() => {
    const ids = key ? key.split(',') : [];
    if (ids.length === 0) return;
    const socket = io({
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      auth: { ...(token ? { token } : {}), brand: explicitBrand ?? brand },
    });
    socket.on('connect', () => {
      for (const auctionId of ids) socket.emit('joinAuctionLot', { auctionId }, () => undefined);
    });
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') socket.connect();
    });
    socket.on('auction', (push: LotPush) => {
      if (!ids.includes(push.id)) return;
      observeServerTime(push.serverTime);
      setPushes((current) => new Map(current).set(push.id, push));
    });
    return () => {
      for (const auctionId of ids) socket.emit('leaveAuctionLot', { auctionId });
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [key, brand, token]);

  return pushes;
}
