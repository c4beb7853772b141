import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { NO_PERMISSIONS, type AuthUser, type StaffPermissions } from './auth-user';

interface TokenClaims {
  sub: string;
  brand: string;
  email: string;
  username: string;
  confirmed: boolean;
  perms?: Partial<StaffPermissions>;
}

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(`Invalid token: ${reason}`);
    this.name = 'InvalidTokenError';
  }
}

const keys = new Map<string, KeyObject>();

/**
 * The HMAC key as a KeyObject, made once per secret: given a string, jsonwebtoken first tries to
 * parse it as a public key (and throws) on every call, which cost several percent of a busy
 * server's CPU.
 */
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** Issues an HS256 access token. Identity owns issuing; tests and demo data use it with the shared key. */
export function signAccessToken(user: AuthUser, secret: string, expiresInSeconds: number): string {
  const claims: TokenClaims = {
    sub: user.id,
    brand: user.brand,
    email: user.email,
    username: user.username,
    confirmed: user.confirmed,
    perms: user.permissions,
  };
  return jwt.sign(claims, keyOf(secret), { algorithm: 'HS256', expiresIn: expiresInSeconds, issuer: 'trackside-identity' });
}

/** Verifies signature, algorithm (HS256 only: never `none`), issuer and expiry. */
export function verifyAccessToken(token: string, secret: string): AuthUser {
  let decoded: unknown;
  try {
    decoded = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'], issuer: 'trackside-identity' });
  } catch (error) {
    throw new InvalidTokenError(error instanceof Error ? error.message : 'unverifiable');
  }
  if (typeof decoded !== 'object' || decoded === null) throw new InvalidTokenError('malformed claims');
  const claims = decoded as Partial<TokenClaims>;
  if (typeof claims.sub !== 'string' || typeof claims.brand !== 'string') throw new InvalidTokenError('missing subject or brand');
  return {
    id: claims.sub,
    brand: claims.brand,
    email: typeof claims.email === 'string' ? claims.email : '',
    username: typeof claims.username === 'string' ? claims.username : '',
    confirmed: claims.confirmed === true,
    permissions: { ...NO_PERMISSIONS, ...pickBooleans(claims.perms) },
  };
}

function pickBooleans(perms: Partial<StaffPermissions> | undefined): Partial<StaffPermissions> {
  const out: Partial<StaffPermissions> = {};
  if (!perms) return out;
  for (const key of Object.keys(NO_PERMISSIONS) as Array<keyof StaffPermissions>) {
    if (perms[key] === true) out[key] = true;
  }
  return out;
}
