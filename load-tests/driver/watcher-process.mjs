// A child process of the live bench holding many watcher sockets (one process cannot hold 5,000
// socket.io-client sockets and parse every push in time on a small machine). Watchers speak
// Engine.IO v4 / Socket.IO v5 directly on `ws` (the framing of load-tests/k6/lib/socketio.js) and
// read only what they time from each `auction` push: the append time of every BidPlaced change.
// Commands come from the parent over IPC: connect, join, count, collect, close.
import WebSocket from 'ws';
import { connectFrame, decodeFrame, eventFrame, PONG_FRAME, socketUrl } from '../k6/lib/socketio.js';

const watchers = [];
let counting = false;
let pushes = 0;
/** Push latency histogram: whole milliseconds -> deliveries. */
let histogram = new Map();

const AUCTION_PUSH = Buffer.from('42["auction",');
const CHANGES = Buffer.from('"changes":[');

function onPush(buffer) {
  if (!counting) return;
  const now = Date.now();
  pushes += 1;
  const start = buffer.indexOf(CHANGES);
  if (start < 0) return;
  const from = start + CHANGES.length - 1;
  const end = buffer.indexOf(']', from);
  // Changes are flat objects (no arrays inside), so the first ']' closes the list.
  for (const change of JSON.parse(buffer.toString('utf8', from, end + 1))) {
    if (change.type !== 'BidPlaced') continue;
    const delay = now - Date.parse(change.at);
    histogram.set(delay, (histogram.get(delay) ?? 0) + 1);
  }
}

function openWatcher(url, brand) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl(url), { perMessageDeflate: false });
    const watcher = { ws, nextAck: 0, acks: new Map() };
    const timer = setTimeout(() => reject(new Error('watcher connect timed out')), 60_000);
    ws.on('message', (data) => {
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      if (buffer.length === 1 && buffer[0] === 0x32) return ws.send(PONG_FRAME); // '2' ping
      if (buffer.subarray(0, AUCTION_PUSH.length).equals(AUCTION_PUSH)) return onPush(buffer);
      const frame = decodeFrame(buffer.toString('utf8'));
      switch (frame.kind) {
        case 'open':
          ws.send(connectFrame({ brand }));
          return;
        case 'connected':
          clearTimeout(timer);
          resolve(watcher);
          return;
        case 'connectError':
          clearTimeout(timer);
          reject(new Error(`connect_error ${JSON.stringify(frame.data)}`));
          return;
        case 'ack': {
          const done = watcher.acks.get(frame.id);
          watcher.acks.delete(frame.id);
          done?.(frame.args[0]);
          return;
        }
        default:
          return;
      }
    });
    ws.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function emitWithAck(watcher, name, payload) {
  return new Promise((resolve, reject) => {
    const id = watcher.nextAck++;
    const timer = setTimeout(() => reject(new Error(`${name}: no ack in 60 s`)), 60_000);
    watcher.acks.set(id, (reply) => {
      clearTimeout(timer);
      resolve(reply);
    });
    watcher.ws.send(eventFrame(name, payload, id));
  });
}

async function inBatches(items, size, work) {
  for (let offset = 0; offset < items.length; offset += size) await Promise.all(items.slice(offset, offset + size).map(work));
}

const handlers = {
  async connect({ url, brand, count, batch = 250 }) {
    await inBatches(Array.from({ length: count }), batch, async () => watchers.push(await openWatcher(url, brand)));
    return { watchers: watchers.length };
  },
  async join({ lotId, batch = 500 }) {
    let failed = 0;
    await inBatches(watchers, batch, async (watcher) => {
      const reply = await emitWithAck(watcher, 'joinAuctionLot', { auctionId: lotId });
      if (reply?.status !== 'success') failed += 1;
    });
    return { joined: watchers.length - failed, failed };
  },
  async count() {
    histogram = new Map();
    pushes = 0;
    counting = true;
    return {};
  },
  async collect() {
    counting = false;
    return { pushes, histogram: [...histogram.entries()] };
  },
  async close() {
    for (const watcher of watchers.splice(0)) watcher.ws.close();
    return {};
  },
};

process.on('message', (message) => {
  handlers[message.command](message).then(
    (reply) => process.send({ id: message.id, ok: true, ...reply }),
    (error) => process.send({ id: message.id, ok: false, error: String(error?.stack ?? error) }),
  );
});
process.on('disconnect', () => process.exit(0));
