import { AUTH_MESSAGES } from '@trackside/contracts';
import { Injectable, Optional, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import { ApiError, FORBIDDEN, INVALID_TOKEN } from '../errors/api-error';
import type { PlatformRequest } from '../context/platform-request';
import { ACCESS_RULE, type AccessRule } from './access.decorators';
import { AccountStatusCache, BLOCKED_TOKEN, REVOKED_TOKEN, USER_NOT_FOUND } from './account-status';
import type { AuthUser } from './auth-user';

/**
 * Global guard: rejects forged or expired tokens, tokens of blocked or deleted accounts and tokens
 * revoked since they were issued, on every route, then applies the handler's access rule with the
 * account's current permissions (identity's events, followed by AccountStatusCache).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Optional() private readonly accounts?: AccountStatusCache,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = requestOf(context);
    if (request?.trackside?.tokenInvalid) throw INVALID_TOKEN();
    const tokenUser = request?.trackside?.user;
    if (tokenUser && this.accounts) {
      // Also replaces the token's permission claims by the account's current flags (M1).
      const refusal = this.accounts.admit(tokenUser);
      if (refusal === 'deleted') throw USER_NOT_FOUND();
      if (refusal === 'blocked') throw BLOCKED_TOKEN();
      if (refusal === 'revoked') throw REVOKED_TOKEN();
    }
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [context.getHandler(), context.getClass()]);
    if (!rule) throw FORBIDDEN();
    if (rule.public) return true;
    const user = request?.trackside?.user ?? null;
    return assertAccess(rule, user);
  }
}

export function assertAccess(rule: AccessRule, user: AuthUser | null): true {
  if (rule.public) return true;
  if (!user) throw FORBIDDEN();
  if (rule.confirmed && !user.confirmed) throw new ApiError('FORBIDDEN', AUTH_MESSAGES.forbidden, { reason: 'email not confirmed' }, 403);
  if (rule.staff && rule.staff.length > 0) {
    const allowed = user.permissions.superAdmin || rule.staff.some((flag) => user.permissions[flag]);
    if (!allowed) throw FORBIDDEN();
  }
  return true;
}

function requestOf(context: ExecutionContext): PlatformRequest | undefined {
  if (context.getType<string>() === 'graphql') {
    return GqlExecutionContext.create(context).getContext<{ req?: PlatformRequest }>().req;
  }
  if (context.getType() === 'http') return context.switchToHttp().getRequest<PlatformRequest>();
  return undefined;
}
