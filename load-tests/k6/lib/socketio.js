// Engine.IO v4 / Socket.IO v5 text framing over a plain WebSocket: just enough of a Socket.IO
// client for the default namespace, with no dependency, so the k6 scripts (k6/websockets) and the
// Node watcher pool (ws) speak the protocol the same way.
//
// Engine.IO packet = one type digit + data: 0 open {sid, pingInterval, pingTimeout, ...}, 1 close,
// 2 ping (server -> client in v4), 3 pong, 4 message, 6 noop.
// Socket.IO packet inside a message = one type digit [+ ack id digits] + JSON: 0 CONNECT (client:
// auth object; server: {sid}), 1 DISCONNECT, 2 EVENT [name, ...args], 3 ACK [...args],
// 4 CONNECT_ERROR {message, data}. Binary packets (5, 6) are not used by the marketplace.

export const ENGINE_IO_PATH = '/socket.io/?EIO=4&transport=websocket';

/** ws:// URL of the Socket.IO endpoint behind an http:// origin. */
export function socketUrl(origin) {
  return `${origin.replace(/^http/, 'ws').replace(/\/$/, '')}${ENGINE_IO_PATH}`;
}

/** Socket.IO CONNECT to the default namespace, carrying the handshake auth ({ token, brand }). */
export function connectFrame(auth) {
  return `40${JSON.stringify(auth)}`;
}

/** Socket.IO EVENT; with `ackId` the server answers with an ACK of that id. */
export function eventFrame(name, payload, ackId) {
  return `42${ackId === undefined || ackId === null ? '' : ackId}${JSON.stringify([name, payload])}`;
}

/** Engine.IO pong: the answer to the server's ping. */
export const PONG_FRAME = '3';

/**
 * Decodes one text message into { kind, ... }:
 * open {data}, close, ping, noop, connected {data}, connectError {data}, disconnected,
 * event {name, args, ackId}, ack {id, args}, or unknown {text}.
 */
export function decodeFrame(text) {
  switch (text[0]) {
    case '0':
      return { kind: 'open', data: JSON.parse(text.slice(1)) };
    case '1':
      return { kind: 'close' };
    case '2':
      return { kind: 'ping' };
    case '6':
      return { kind: 'noop' };
    case '4':
      break;
    default:
      return { kind: 'unknown', text };
  }
  const type = text[1];
  let index = 2;
  if (text[index] === '/') {
    // A namespace other than "/" ends with a comma; the marketplace uses only the default one.
    const comma = text.indexOf(',', index);
    index = comma < 0 ? text.length : comma + 1;
  }
  let id = '';
  while (index < text.length && text.charCodeAt(index) >= 48 && text.charCodeAt(index) <= 57) id += text[index++];
  const body = index < text.length ? JSON.parse(text.slice(index)) : null;
  switch (type) {
    case '0':
      return { kind: 'connected', data: body };
    case '1':
      return { kind: 'disconnected' };
    case '2':
      return { kind: 'event', name: body[0], args: body.slice(1), ackId: id === '' ? null : Number(id) };
    case '3':
      return { kind: 'ack', id: Number(id), args: body };
    case '4':
      return { kind: 'connectError', data: body };
    default:
      return { kind: 'unknown', text };
  }
}
