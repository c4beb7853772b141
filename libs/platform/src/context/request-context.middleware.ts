import { randomUUID } from 'node:crypto';
import { VerifiedTokens } from '../auth/verified-tokens';
import { NO_PERMISSIONS, type AuthUser } from '../auth/auth-user';
import { resolveBrand, type BrandResolverOptions } from '../brand/brand-resolver';
import type { PlatformRequest } from './platform-request';
import { requestContext } from './request-context';

const CORRELATION_HEADER = 'x-correlation-id';
const CORRELATION_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export interface RequestContextOptions extends BrandResolverOptions {
  jwtSecret: string;
  /** The service's account follower (AccountStatusCache): current permissions from the first line of code on. */
  accounts?: { admit(user: AuthUser): unknown };
}

/** What the middleware writes of the response: the correlation id header, or its own 400 answer. */
export interface RequestContextAnswer {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body: string): unknown;
}

/**
 * Express-style middleware: correlation id (taken from the caller when well-formed, else new),
 * brand, and the verified user. A present but invalid token is remembered so the guard can answer
 * 'Invalid token.'; a token issued for another brand counts as invalid.
 */
export function createRequestContextMiddleware(options: RequestContextOptions) {
  // The signature check once per token, not per request; expiry is checked on every use.
  const tokens = new VerifiedTokens(options.jwtSecret);
  return (req: PlatformRequest, res: RequestContextAnswer, next: (error?: unknown) => void): void => {
    const incoming = req.headers[CORRELATION_HEADER];
    const correlationId = typeof incoming === 'string' && CORRELATION_PATTERN.test(incoming) ? incoming : randomUUID();
    res.setHeader(CORRELATION_HEADER, correlationId);

    const brandResult = resolveBrand(req.headers['x-brand'], req.headers.host, options);
    if (!brandResult.ok) {
      res.statusCode = 400;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ statusCode: 400, error: 'Bad Request', code: 'brand.invalid', message: brandResult.message }));
      return;
    }
    const brand = brandResult.brand;

    let user: AuthUser | null = null;
    let tokenInvalid = false;
    const authorization = req.headers.authorization;
    if (typeof authorization === 'string' && authorization.trim() !== '') {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
      if (!match?.[1]) {
        tokenInvalid = true;
      } else {
        try {
          user = tokens.verify(match[1]);
          if (user.brand !== brand) {
            user = null;
            tokenInvalid = true;
          } else if (options.accounts?.admit(user)) {
            // Refused (the guard answers why); until then it holds no staff flag anywhere (M1).
            user.permissions = { ...NO_PERMISSIONS };
          }
        } catch {
          tokenInvalid = true;
        }
      }
    }
    const consistency = req.headers['x-consistency'] === 'eventual' ? ('eventual' as const) : ('read-your-writes' as const);
    const channel = req.headers['x-channel'] === 'socket' ? ('socket' as const) : ('graphql' as const);
    const context = { correlationId, brand, user, consistency, channel };
    req.trackside = { ...context, tokenInvalid };
    requestContext.run(context, () => next());
  };
}
