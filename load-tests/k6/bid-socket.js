// k6: live bidding over Socket.IO, speaking Engine.IO v4 / Socket.IO v5 on k6's WebSocket.
// Each VU opens one socket with its bidder's token (handshake auth), answers the server's pings,
// joins its own lot (42N["joinAuctionLot",...]) and bids in a closed loop (42N["bid",...] and
// waits for the ACK 43N[...]) until it has sent MAX_BIDS bids or DURATION_S seconds have passed;
// bids in the first WARMUP_S seconds are not counted. Every `auction` push that carries a bid is
// timed from the bid's append (`changes[].at`) to its receipt.
//
// Run by `npm run bench:k6`, or by hand against a running marketplace on this machine:
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e SEED_FILE=/tmp/seed.json load-tests/k6/bid-socket.js
// SEED_FILE: { "brand": "trackside", "tokens": ["<bidder JWT>", ...], "socketLots": ["<LIVE lot id>", ...] }
/* global __ENV, open */ // k6 init-context globals
import { Counter, Rate, Trend } from 'k6/metrics';
import exec from 'k6/execution';
import { clearTimeout, setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';
import { assertLoopback, connectFrame, decodeFrame, eventFrame, PONG_FRAME, socketUrl } from './lib/socketio.js';

const BASE_URL = assertLoopback(__ENV.BASE_URL || 'http://127.0.0.1:3000');
const seed = JSON.parse(open(__ENV.SEED_FILE));
const VUS = Number(__ENV.VUS || seed.socketLots.length);
const DURATION_S = Number(__ENV.DURATION_S || 15);
const WARMUP_S = Number(__ENV.WARMUP_S || 2);
const MAX_BIDS = Number(__ENV.MAX_BIDS || 5000);
// Amounts start above anything an earlier run may have bid on the same lots.
const START_AMOUNT = Number(__ENV.START_AMOUNT || 1);

export const options = {
  scenarios: {
    socketBidders: {
      executor: 'per-vu-iterations',
      vus: VUS,
      iterations: 1,
      maxDuration: `${WARMUP_S + DURATION_S + 30}s`,
    },
  },
  thresholds: {
    // Reported in the summary (and by the exit code); the bench records which held.
    socketio_bid_ack_ms: ['p(95)<100', 'p(99)<250'],
    socketio_bid_accepted: ['rate>0.99'],
    socketio_push_ms: ['p(99)<150'],
    socketio_session_errors: ['count==0'],
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

const ackLatency = new Trend('socketio_bid_ack_ms', true);
const accepted = new Rate('socketio_bid_accepted');
const bidsAccepted = new Counter('socketio_bids_accepted');
const bidsRejected = new Counter('socketio_bids_rejected');
const pushLatency = new Trend('socketio_push_ms', true);
const sessionErrors = new Counter('socketio_session_errors');

export default function () {
  const vu = exec.vu.idInTest - 1;
  const lotId = seed.socketLots[vu % seed.socketLots.length];
  const token = seed.tokens[vu % seed.tokens.length];
  const ws = new WebSocket(socketUrl(BASE_URL));
  let nextAckId = 0;
  let joinAckId = -1;
  let bidAckId = -1;
  let bidSentAt = 0;
  let amount = START_AMOUNT; // one lot per VU: its amounts rise by 1
  let sent = 0;
  let started = 0;
  let done = false;

  let hardStop = null;
  const finish = () => {
    if (done) return;
    done = true;
    if (hardStop !== null) clearTimeout(hardStop);
    ws.close();
  };
  const sendBid = () => {
    const elapsed = (Date.now() - started) / 1000;
    if (sent >= MAX_BIDS || elapsed >= WARMUP_S + DURATION_S) return finish();
    bidAckId = nextAckId++;
    sent += 1;
    bidSentAt = Date.now();
    ws.send(eventFrame('bid', { auctionId: lotId, amount: amount++ }, bidAckId));
  };
  const counting = () => started > 0 && Date.now() - started >= WARMUP_S * 1000;

  ws.onopen = () => {
    // The server speaks first (Engine.IO open packet); nothing to send yet.
  };
  ws.onmessage = (message) => {
    const frame = decodeFrame(String(message.data));
    switch (frame.kind) {
      case 'open':
        ws.send(connectFrame({ token, brand: seed.brand }));
        return;
      case 'ping':
        ws.send(PONG_FRAME);
        return;
      case 'connected':
        joinAckId = nextAckId++;
        ws.send(eventFrame('joinAuctionLot', { auctionId: lotId }, joinAckId));
        return;
      case 'connectError':
        sessionErrors.add(1, { reason: 'connect_error' });
        console.error(`VU ${vu + 1}: connect_error ${JSON.stringify(frame.data)}`);
        return finish();
      case 'ack':
        if (frame.id === joinAckId) {
          if (frame.args[0]?.status !== 'success') {
            sessionErrors.add(1, { reason: 'join' });
            console.error(`VU ${vu + 1}: join failed ${JSON.stringify(frame.args[0])}`);
            return finish();
          }
          started = Date.now();
          return sendBid();
        }
        if (frame.id === bidAckId) {
          const reply = frame.args[0] ?? {};
          if (counting()) {
            ackLatency.add(Date.now() - bidSentAt);
            const ok = reply.status === 'success';
            accepted.add(ok);
            if (ok) bidsAccepted.add(1);
            else bidsRejected.add(1, { code: String(reply.code) });
          }
          return sendBid();
        }
        return;
      case 'event':
        if (frame.name === 'auction' && counting()) {
          const now = Date.now();
          for (const change of frame.args[0]?.changes ?? []) if (change.type === 'BidPlaced') pushLatency.add(now - Date.parse(change.at));
        }
        return;
      case 'close':
      case 'disconnected':
        sessionErrors.add(1, { reason: 'server_closed' });
        return finish();
      default:
        return;
    }
  };
  ws.onclose = () => {
    // Closed by us or by the server: nothing keeps the iteration alive any more.
    if (!done) sessionErrors.add(1, { reason: 'socket_closed' });
    done = true;
    if (hardStop !== null) clearTimeout(hardStop);
  };
  ws.onerror = (error) => {
    sessionErrors.add(1, { reason: 'ws_error' });
    console.error(`VU ${vu + 1}: websocket error ${String(error.error ?? error)}`);
    finish();
  };
  // A hard stop even if the server never answers.
  hardStop = setTimeout(finish, (WARMUP_S + DURATION_S + 10) * 1000);
}

export function handleSummary(data) {
  const out = {};
  if (__ENV.SUMMARY_FILE) out[__ENV.SUMMARY_FILE] = JSON.stringify(data, null, 2);
  const metric = (name, stat) => data.metrics[name]?.values?.[stat];
  out.stdout = [
    `socket bids: accepted ${metric('socketio_bids_accepted', 'count') ?? 0}, rejected ${metric('socketio_bids_rejected', 'count') ?? 0}`,
    `ack ms p50 ${metric('socketio_bid_ack_ms', 'med')} p95 ${metric('socketio_bid_ack_ms', 'p(95)')} p99 ${metric('socketio_bid_ack_ms', 'p(99)')}`,
    `push ms p50 ${metric('socketio_push_ms', 'med')} p99 ${metric('socketio_push_ms', 'p(99)')}`,
    `thresholds: ${thresholdLine(data)}`,
    '',
  ].join('\n');
  return out;
}

function thresholdLine(data) {
  const parts = [];
  for (const [name, metric] of Object.entries(data.metrics)) {
    for (const [rule, result] of Object.entries(metric.thresholds ?? {})) parts.push(`${name} ${rule} ${result.ok ? 'ok' : 'CROSSED'}`);
  }
  return parts.join('; ');
}
