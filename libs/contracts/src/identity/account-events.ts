import { z } from 'zod';
import { familyDecoder, field } from '../codec/event-codec';

/**
 * Integration events the identity service appends to stream `user-<userId>` when an account stops
 * (or starts again) being usable. Data: `{ userId, brand }`. Tokens are verified locally by every
 * service, so this is how a blocked or deleted user's still-valid token stops working everywhere
 * (libs/platform's AccountStatusCache follows them).
 */
export const ACCOUNT_STATUS_EVENTS = {
  blocked: 'UserBlocked',
  unblocked: 'UserUnblocked',
  deleted: 'UserDeleted',
} as const;

/**
 * Events about what an account's tokens may do, on the same stream (issue 18, M1 and M5).
 * `UserPermissionsChanged` data: `{ userId, brand, permissions }` (every flag, as now): guards use
 * these instead of the token's `perms` claim. `UserTokensRevoked` data: `{ userId, brand,
 * tokenVersion }` (after a password reset or change, or "log out everywhere"): tokens with an
 * older version are refused and their sockets closed.
 */
export const ACCOUNT_SESSION_EVENTS = {
  permissionsChanged: 'UserPermissionsChanged',
  tokensRevoked: 'UserTokensRevoked',
} as const;

export type AccountSessionEventType = (typeof ACCOUNT_SESSION_EVENTS)[keyof typeof ACCOUNT_SESSION_EVENTS];

export type AccountStatusEventType = (typeof ACCOUNT_STATUS_EVENTS)[keyof typeof ACCOUNT_STATUS_EVENTS];

export interface AccountStatusEventData {
  userId: string;
  brand: string;
}

export interface UserPermissionsChangedData extends AccountStatusEventData {
  /** The account's staff flags after the change, by name; only `true` grants a flag. */
  permissions: Record<string, boolean>;
}

export interface UserTokensRevokedData extends AccountStatusEventData {
  /** Tokens issued with a lower version are refused. */
  tokenVersion: number;
}

export const USER_STREAM_PREFIX = 'user-';

export function userStreamId(userId: string): string {
  return `${USER_STREAM_PREFIX}${userId}`;
}

const account = z.object({ userId: field.id(), brand: field.text() }) satisfies z.ZodType<AccountStatusEventData>;

/** Flags by name; a value that is not a boolean is no grant (a malformed event grants nothing). */
const flags = z
  .record(z.string(), z.unknown())
  .catch({})
  .transform((value) => Object.fromEntries(Object.entries(value).map(([flag, granted]) => [flag, granted === true])));

/** Version-tolerant decoder of the account events: `userId` is required. */
export const decodeAccountEvent = familyDecoder({
  [ACCOUNT_STATUS_EVENTS.blocked]: account,
  [ACCOUNT_STATUS_EVENTS.unblocked]: account,
  [ACCOUNT_STATUS_EVENTS.deleted]: account,
  [ACCOUNT_SESSION_EVENTS.permissionsChanged]: account.extend({ permissions: flags }) satisfies z.ZodType<UserPermissionsChangedData>,
  [ACCOUNT_SESSION_EVENTS.tokensRevoked]: account.extend({
    tokenVersion: field.integer(),
  }) satisfies z.ZodType<UserTokensRevokedData>,
});

export type AccountEvent = NonNullable<ReturnType<typeof decodeAccountEvent>>;
