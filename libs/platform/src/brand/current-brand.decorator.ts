import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { PlatformRequest } from '../context/platform-request';

/** The brand the request is scoped to (header, host or default). */
export const CurrentBrand = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const req =
    context.getType<string>() === 'graphql'
      ? GqlExecutionContext.create(context).getContext<{ req?: PlatformRequest }>().req
      : context.switchToHttp().getRequest<PlatformRequest>();
  const brand = req?.trackside?.brand;
  if (!brand) throw new Error('Request context missing: is the platform middleware installed?');
  return brand;
});
