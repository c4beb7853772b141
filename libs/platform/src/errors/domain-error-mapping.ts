import { Catch, Injectable, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiError } from './api-error';
import { DomainError, type DomainErrorKind } from './domain-error';

/** The one place a domain error's kind becomes an HTTP status. */
export const HTTP_STATUS_OF_KIND: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'rate-limited': 429,
  failed: 500,
  'upstream-failed': 502,
  unavailable: 503,
};

/** A domain error in the API's shape: `code` and `message` kept, the kind's HTTP status. */
export function toApiError(error: DomainError): ApiError {
  return new ApiError(error.code, error.message, error.details, HTTP_STATUS_OF_KIND[error.kind]);
}

/**
 * Maps the domain errors business code throws, for every controller and resolver of a service
 * (registered by PlatformModule): REST answers the same body and status an ApiError gives;
 * GraphQL and other transports get the ApiError, which their error formatting already knows.
 */
@Catch(DomainError)
@Injectable()
export class DomainErrorFilter implements ExceptionFilter<DomainError> {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(error: DomainError, host: ArgumentsHost): void {
    const mapped = toApiError(error);
    if (host.getType() !== 'http') throw mapped;
    const http = host.switchToHttp();
    this.adapterHost.httpAdapter.reply(http.getResponse(), mapped.getResponse(), mapped.getStatus());
  }
}
