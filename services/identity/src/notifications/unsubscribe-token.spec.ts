import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

const SECRET = 'x'.repeat(40);
const USER = '3f2b8c1e-6a57-4d0e-9b1c-1b7c2d3e4f50';

describe('unsubscribe token', () => {
  it('reads back the user and kind it was made for', () => {
    expect(readUnsubscribeToken(SECRET, unsubscribeToken(SECRET, USER, 'ENDING_SOON'))).toEqual({ userId: USER, kind: 'ENDING_SOON' });
  });

  it('refuses a token signed with another key, a changed payload or garbage', () => {
    const token = unsubscribeToken(SECRET, USER, 'LOST');
    expect(readUnsubscribeToken('y'.repeat(40), token)).toBeNull();
    const [, signed] = token.split('.');
    const forged = `${Buffer.from(`${USER}:WON`).toString('base64url')}.${signed}`;
    expect(readUnsubscribeToken(SECRET, forged)).toBeNull();
    expect(readUnsubscribeToken(SECRET, 'nonsense')).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${token}.more`)).toBeNull();
  });
});
