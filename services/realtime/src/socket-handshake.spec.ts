import type { Socket } from 'socket.io';
import { describe, expect, it, vi } from 'vitest';
import { NO_PERMISSIONS, signAccessToken, type AuthUser } from '@trackside/platform';
import { socketHandshake } from './socket-handshake';
import type { SocketData } from './socket-session';

// The connection middleware verifies the token once per connection and keeps the outcome in
// socket.data; refusals carry the spec's codes in the connect_error's data.

const SECRET = 'a-test-secret-that-is-long-enough-000';
const user: AuthUser = {
  id: '11111111-1111-4111-8111-111111111111',
  brand: 'trackside',
  email: 'a@b.test',
  username: 'someone',
  confirmed: true,
  permissions: { ...NO_PERMISSIONS },
};
const settings = { jwtSecret: SECRET, defaultBrand: 'trackside', brandHosts: new Map<string, string>() };

function socket(auth: Record<string, unknown>, headers: Record<string, string> = {}): Socket {
  return { handshake: { auth, headers: { host: 'localhost', ...headers }, query: {} }, data: {} } as unknown as Socket;
}

function run(handshake: ReturnType<typeof socketHandshake>, target: Socket): Error | undefined {
  let outcome: Error | undefined | null = null;
  handshake(target, (error) => (outcome = error));
  expect(outcome).not.toBeNull();
  return outcome ?? undefined;
}

describe('socketHandshake', () => {
  it('verifies a token once and keeps the user, the token and the brand on the socket', () => {
    const admit = vi.fn(() => null);
    const token = signAccessToken(user, SECRET, 3600);
    const target = socket({ token: `Bearer ${token}` });
    expect(run(socketHandshake(settings, { admit }), target)).toBeUndefined();
    expect(target.data as SocketData).toMatchObject({ user: { id: user.id }, token, brand: 'trackside', strikes: 0 });
    expect(admit).toHaveBeenCalledTimes(1);
  });

  it('lets a visitor without a token in, as nobody', () => {
    const target = socket({});
    expect(run(socketHandshake(settings, { admit: () => null }), target)).toBeUndefined();
    expect(target.data as SocketData).toEqual({ user: null, token: null, brand: 'trackside', strikes: 0 });
  });

  it('refuses a bad token, another brand’s token and blocked, revoked or deleted accounts with UNAUTHENTICATED', () => {
    const handshake = (refusal: 'blocked' | 'revoked' | 'deleted' | null) => socketHandshake(settings, { admit: () => refusal });
    const token = signAccessToken(user, SECRET, 3600);
    expect(run(handshake(null), socket({ token: 'nonsense' }))).toMatchObject({
      message: 'Invalid token.',
      data: { code: 'UNAUTHENTICATED' },
    });
    const other = signAccessToken({ ...user, brand: 'other' }, SECRET, 3600);
    expect(run(handshake(null), socket({ token: other }))).toMatchObject({ data: { code: 'UNAUTHENTICATED' } });
    expect(run(handshake('blocked'), socket({ token }))).toMatchObject({ data: { code: 'UNAUTHENTICATED', reason: 'account blocked' } });
    expect(run(handshake('revoked'), socket({ token }))).toMatchObject({ data: { code: 'UNAUTHENTICATED', reason: 'session revoked' } });
    expect(run(handshake('deleted'), socket({ token }))).toMatchObject({ message: 'User Not Found', data: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses an unknown brand with brand.invalid', () => {
    expect(run(socketHandshake(settings, { admit: () => null }), socket({ brand: 'no such brand!' }))).toMatchObject({
      data: { code: 'brand.invalid' },
    });
  });
});
