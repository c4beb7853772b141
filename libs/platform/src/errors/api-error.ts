import { HttpException } from '@nestjs/common';
import { ACCESS_ERROR_MESSAGES } from '@trackside/contracts';

/**
 * An error the API layer turns into the spec's shape: `extensions.code` in GraphQL, `code` in a
 * REST body, `{ status: 'failure', code, message }` in a socket ack. Business code returns error
 * codes as data; resolvers and controllers wrap them in this.
 */
export class ApiError extends HttpException {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly httpStatus = 400,
  ) {
    // An HttpException, so Nest treats it as an expected client error (no error-level stack trace).
    super({ statusCode: httpStatus, code, message, ...(details ? { details } : {}) }, httpStatus);
    this.message = message;
    this.name = 'ApiError';
  }
}

export const FORBIDDEN = (): ApiError => new ApiError('FORBIDDEN', ACCESS_ERROR_MESSAGES.FORBIDDEN, undefined, 403);
export const INVALID_TOKEN = (): ApiError => new ApiError('UNAUTHENTICATED', ACCESS_ERROR_MESSAGES.UNAUTHENTICATED, undefined, 401);
