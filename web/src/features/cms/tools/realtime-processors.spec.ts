import { describe, expect, it } from 'vitest';
import { realtimeRows } from './realtime-processors';

describe('realtime processor rows', () => {
  const row = {
    name: 'realtime-lots',
    kind: 'follower',
    position: '1/2',
    lagEvents: 0,
    lagSeconds: 0,
    lastError: null,
    lastErrorAt: null,
    updatedAt: '2026-03-01T12:00:00.000Z',
  };

  it('reads the rows of a successful answer', () => {
    expect(realtimeRows({ status: 'success', data: [row] })).toEqual([row]);
  });

  it("turns a refusal or no answer into an error with the server's message", () => {
    expect(() => realtimeRows({ status: 'failure', code: 'FORBIDDEN', message: 'Forbidden' })).toThrow('Realtime: Forbidden');
    expect(() => realtimeRows(undefined)).toThrow('Realtime: no answer from the realtime service.');
    expect(() => realtimeRows({ status: 'success', data: null })).toThrow('Realtime:');
  });
});
