import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { PlatformRequest } from '../context/platform-request';
import type { AuthUser } from './auth-user';

/** The verified user of the request, or null for a visitor. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | null => {
  const req =
    context.getType<string>() === 'graphql'
      ? GqlExecutionContext.create(context).getContext<{ req?: PlatformRequest }>().req
      : context.switchToHttp().getRequest<PlatformRequest>();
  return req?.trackside?.user ?? null;
});
