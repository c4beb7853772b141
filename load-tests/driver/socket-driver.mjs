// The Node load driver: real socket.io-client connections against the gateway origin.
import { io } from 'socket.io-client';

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index] * 100) / 100;
}

export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

const delay = (ms) => new Promise((done) => setTimeout(done, ms));

/** Opens `count` websocket connections, `batch` at a time. */
export async function connectMany(url, count, { token = null, brand = 'trackside', batch = 100 } = {}) {
  const sockets = [];
  for (let offset = 0; offset < count; offset += batch) {
    const size = Math.min(batch, count - offset);
    const opened = await Promise.all(
      Array.from(
        { length: size },
        () =>
          new Promise((resolve, reject) => {
            const socket = io(url, {
              path: '/socket.io',
              transports: ['websocket'],
              auth: { ...(typeof token === 'function' ? { token: token() } : token ? { token } : {}), brand },
              forceNew: true,
              reconnection: false,
              timeout: 30_000,
            });
            socket.once('connect', () => resolve(socket));
            socket.once('connect_error', reject);
          }),
      ),
    );
    sockets.push(...opened);
  }
  return sockets;
}

export function closeAll(sockets) {
  for (const socket of sockets) socket.disconnect();
}

/**
 * Bidders bid over their sockets. Closed loop (each bidder sends its next bid when the previous
 * one is acknowledged) unless `ratePerSecond` is set, then bids are issued at that pace to idle
 * bidders (open loop). `pickLot(bidderIndex)` chooses the lot; amounts rise by 1.00 per lot.
 */
export async function bidStorm({ bidders, pickLot, durationMs, warmupMs = 1000, ratePerSecond = null, amounts = new Map() }) {
  const latencies = [];
  const codes = new Map();
  let accepted = 0;
  let rejected = 0;
  let failed = 0;
  let counting = false;
  let stop = false;
  let missed = 0;
  const nextAmount = (lotId) => {
    const amount = (amounts.get(lotId) ?? 0) + 1;
    amounts.set(lotId, amount);
    return amount;
  };
  const bidOnce = async (socket, index) => {
    const lotId = pickLot(index);
    const started = performance.now();
    let reply;
    try {
      reply = await socket.timeout(10_000).emitWithAck('bid', { auctionId: lotId, amount: nextAmount(lotId) });
    } catch {
      if (counting) failed += 1;
      return;
    }
    if (!counting) return;
    latencies.push(performance.now() - started);
    if (reply.status === 'success') accepted += 1;
    else {
      rejected += 1;
      codes.set(reply.code, (codes.get(reply.code) ?? 0) + 1);
    }
  };
  let loops;
  if (ratePerSecond === null) {
    loops = bidders.map(async (socket, index) => {
      while (!stop) await bidOnce(socket, index);
    });
  } else {
    const idle = bidders.map((socket, index) => ({ socket, index }));
    const intervalMs = 1000 / ratePerSecond;
    loops = [
      (async () => {
        let due = performance.now();
        const inflight = new Set();
        while (!stop) {
          due += intervalMs;
          const bidder = idle.pop();
          if (!bidder) {
            if (counting) missed += 1;
          } else {
            const job = bidOnce(bidder.socket, bidder.index).finally(() => {
              idle.push(bidder);
              inflight.delete(job);
            });
            inflight.add(job);
          }
          const wait = due - performance.now();
          if (wait > 0) await delay(wait);
        }
        await Promise.all(inflight);
      })(),
    ];
  }
  await delay(warmupMs);
  counting = true;
  const started = performance.now();
  await delay(durationMs);
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(loops);
  return {
    seconds: Math.round(seconds * 100) / 100,
    accepted,
    rejected,
    failed,
    missed,
    acceptedPerSecond: Math.round(accepted / seconds),
    attemptsPerSecond: Math.round((accepted + rejected) / seconds),
    rejections: Object.fromEntries(codes),
    ackLatencyMs: summarize(latencies),
  };
}
