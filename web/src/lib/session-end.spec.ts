import { describe, expect, it } from 'vitest';
import { endsSession } from './session-end';

describe('endsSession', () => {
  it('is true for the realtime service’s UNAUTHENTICATED exception and handshake refusal', () => {
    expect(endsSession({ code: 'UNAUTHENTICATED', message: 'Invalid token.', reason: 'revoked' })).toBe(true);
    expect(endsSession({ code: 'UNAUTHENTICATED', reason: 'session revoked' })).toBe(true);
  });

  it('is false for other refusals and shapes', () => {
    expect(endsSession({ code: 'realtime.tooManyConnections' })).toBe(false);
    expect(endsSession({ code: 'brand.invalid' })).toBe(false);
    expect(endsSession(undefined)).toBe(false);
    expect(endsSession('UNAUTHENTICATED')).toBe(false);
  });
});
