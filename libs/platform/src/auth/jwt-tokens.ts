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
  /** The account's token version at issue (see AuthUser.tokenVersion). */
  tv?: number;
  iat?: number;
  exp?: number;
}

/**
 * The longest lifetime (exp - iat) a token may claim. The configured lifetime
 * (JWT_EXPIRES_IN_SECONDS) cannot exceed it, so a key leak cannot mint tokens for years
 * (issue 18, L12; docs/security.md).
 */
export const MAX_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** Clock difference between instances tolerated on `iat` (a token "issued" later than that is refused). */
const CLOCK_TOLERANCE_SECONDS = 60;

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

const previousSecrets = new Map<string, readonly string[]>();

/**
 * Keys whose tokens are still accepted next to `secret` after a rotation (JWT_PREVIOUS_SECRET,
 * registered by resolveJwtSecret): tokens signed with them verify until they expire, so rotating the
 * key logs nobody out. New tokens are always signed with `secret` (docs/operations.md, "Rotating the
 * token signing key").
 */
export function acceptPreviousSecrets(secret: string, previous: readonly string[]): void {
  const others = previous.filter((candidate) => candidate !== secret);
  if (others.length > 0) previousSecrets.set(secret, others);
  else previousSecrets.delete(secret);
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
    ...(user.tokenVersion ? { tv: user.tokenVersion } : {}),
  };
  return jwt.sign(claims, keyOf(secret), { algorithm: 'HS256', expiresIn: expiresInSeconds, issuer: 'trackside-identity' });
}

/**
 * Verifies signature, algorithm (HS256 only: never `none`), issuer and expiry, and that the token
 * states when it was issued and when it expires within the lifetime cap (L12: jsonwebtoken accepts
 * a signed token without `exp` as never expiring).
 */
export function verifyAccessToken(token: string, secret: string): AuthUser {
  const decoded = verifyWithKeys(token, [secret, ...(previousSecrets.get(secret) ?? [])]);
  if (typeof decoded !== 'object' || decoded === null) throw new InvalidTokenError('malformed claims');
  const claims = decoded as Partial<TokenClaims>;
  assertLifetime(claims);
  if (typeof claims.sub !== 'string' || typeof claims.brand !== 'string') throw new InvalidTokenError('missing subject or brand');
  return {
    id: claims.sub,
    brand: claims.brand,
    email: typeof claims.email === 'string' ? claims.email : '',
    username: typeof claims.username === 'string' ? claims.username : '',
    confirmed: claims.confirmed === true,
    permissions: { ...NO_PERMISSIONS, ...pickBooleans(claims.perms) },
    tokenVersion: typeof claims.tv === 'number' && Number.isSafeInteger(claims.tv) && claims.tv > 0 ? claims.tv : 0,
  };
}

/** The claims verified with the first key whose signature matches; every other check is the same for each key. */
function verifyWithKeys(token: string, secrets: readonly string[]): unknown {
  for (const [index, candidate] of secrets.entries()) {
    try {
      return jwt.verify(token, keyOf(candidate), {
        algorithms: ['HS256'],
        issuer: 'trackside-identity',
        maxAge: MAX_TOKEN_LIFETIME_SECONDS,
      });
    } catch (error) {
      const signatureMismatch = error instanceof jwt.JsonWebTokenError && error.message === 'invalid signature';
      if (signatureMismatch && index < secrets.length - 1) continue;
      throw new InvalidTokenError(error instanceof Error ? error.message : 'unverifiable');
    }
  }
  throw new InvalidTokenError('no key');
}

function assertLifetime(claims: Partial<TokenClaims>): void {
  const { iat, exp } = claims;
  if (typeof iat !== 'number' || !Number.isFinite(iat)) throw new InvalidTokenError('missing iat');
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new InvalidTokenError('missing exp');
  if (exp - iat > MAX_TOKEN_LIFETIME_SECONDS) throw new InvalidTokenError('lifetime above the cap');
  if (iat > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) throw new InvalidTokenError('issued in the future');
}

function pickBooleans(perms: Partial<StaffPermissions> | undefined): Partial<StaffPermissions> {
  const out: Partial<StaffPermissions> = {};
  if (!perms) return out;
  for (const key of Object.keys(NO_PERMISSIONS) as Array<keyof StaffPermissions>) {
    if (perms[key] === true) out[key] = true;
  }
  return out;
}
