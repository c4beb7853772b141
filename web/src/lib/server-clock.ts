import { useSyncExternalStore } from 'react';

/**
 * The server's time (docs/architecture.md section 5): every lot query and realtime push carries
 * serverTime; countdowns use now + offset so a wrong client clock does not end lots early or late.
 */
let offsetMs = 0;
const listeners = new Set<() => void>();

export function observeServerTime(serverTime: string | null | undefined): void {
  if (!serverTime) return;
  const server = Date.parse(serverTime);
  if (!Number.isFinite(server)) return;
  const next = server - Date.now();
  // Ignore jitter under 250 ms: it is network delay, not clock skew worth re-rendering for.
  if (Math.abs(next - offsetMs) < 250) return;
  offsetMs = next;
  listeners.forEach((listener) => listener());
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}

export function useServerOffset(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offsetMs,
  );
}
