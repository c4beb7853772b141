// The hand-written Engine.IO v4 / Socket.IO v5 framing of the k6 scripts and the watcher processes,
// checked against the parsers Socket.IO itself uses (socket.io-parser, engine.io-parser).
import { encodePacket } from 'engine.io-parser';
import { Decoder, Encoder, PacketType } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { connectFrame, decodeFrame, ENGINE_IO_PATH, eventFrame, PONG_FRAME, socketUrl } from './socketio.js';

/** What a Socket.IO server writes on a websocket for one packet (Engine.IO message wrapping). */
function serverFrame(packet) {
  const [encoded] = new Encoder().encode({ nsp: '/', ...packet });
  let frame = null;
  encodePacket({ type: 'message', data: encoded }, false, (value) => (frame = value));
  return frame;
}

/** What a Socket.IO server reads from a client's websocket text frame. */
function serverReads(frame) {
  expect(frame[0]).toBe('4'); // Engine.IO message
  const decoder = new Decoder();
  let packet = null;
  decoder.on('decoded', (value) => (packet = value));
  decoder.add(frame.slice(1));
  return packet;
}

describe('Socket.IO framing for k6 and the watcher processes', () => {
  it('connects to the default namespace with the handshake auth', () => {
    expect(serverReads(connectFrame({ token: 'jwt', brand: 'trackside' }))).toEqual({
      type: PacketType.CONNECT,
      nsp: '/',
      data: { token: 'jwt', brand: 'trackside' },
    });
  });

  it('emits events with and without an ack id as Socket.IO reads them', () => {
    expect(serverReads(eventFrame('bid', { auctionId: 'lot-1', amount: 150 }, 7))).toEqual({
      type: PacketType.EVENT,
      nsp: '/',
      id: 7,
      data: ['bid', { auctionId: 'lot-1', amount: 150 }],
    });
    expect(serverReads(eventFrame('joinAuctionLot', { auctionId: 'lot-1' }, 0)).id).toBe(0);
    expect(serverReads(eventFrame('leaveAuctionLot', { auctionId: 'lot-1' }))).toEqual({
      type: PacketType.EVENT,
      nsp: '/',
      data: ['leaveAuctionLot', { auctionId: 'lot-1' }],
    });
  });

  it('decodes the server side: open, ping, connect, connect error, acks and pushes', () => {
    let open = null;
    encodePacket({ type: 'open', data: JSON.stringify({ sid: 's1', pingInterval: 20000, pingTimeout: 20000 }) }, false, (v) => (open = v));
    expect(decodeFrame(open)).toEqual({ kind: 'open', data: { sid: 's1', pingInterval: 20000, pingTimeout: 20000 } });

    let ping = null;
    encodePacket({ type: 'ping' }, false, (v) => (ping = v));
    expect(decodeFrame(ping)).toEqual({ kind: 'ping' });
    expect(PONG_FRAME).toBe('3');

    expect(decodeFrame(serverFrame({ type: PacketType.CONNECT, data: { sid: 'abc' } }))).toEqual({
      kind: 'connected',
      data: { sid: 'abc' },
    });
    expect(
      decodeFrame(serverFrame({ type: PacketType.CONNECT_ERROR, data: { message: 'Invalid token.', data: { code: 'UNAUTHENTICATED' } } })),
    ).toEqual({ kind: 'connectError', data: { message: 'Invalid token.', data: { code: 'UNAUTHENTICATED' } } });

    const reply = { status: 'success', message: 'Successfully bid', data: { id: 'b1', amount: 150 } };
    expect(decodeFrame(serverFrame({ type: PacketType.ACK, id: 12, data: [reply] }))).toEqual({ kind: 'ack', id: 12, args: [reply] });

    const push = { id: 'lot-1', version: 9, changes: [{ type: 'BidPlaced', version: 9, at: '2026-11-23T05:00:00.000Z' }] };
    expect(decodeFrame(serverFrame({ type: PacketType.EVENT, data: ['auction', push] }))).toEqual({
      kind: 'event',
      name: 'auction',
      args: [push],
      ackId: null,
    });
    expect(decodeFrame(serverFrame({ type: PacketType.DISCONNECT }))).toEqual({ kind: 'disconnected' });
  });

  it('addresses the websocket transport of the Engine.IO v4 endpoint', () => {
    expect(socketUrl('http://127.0.0.1:3000/')).toBe(`ws://127.0.0.1:3000${ENGINE_IO_PATH}`);
    expect(ENGINE_IO_PATH).toBe('/socket.io/?EIO=4&transport=websocket');
  });
});
