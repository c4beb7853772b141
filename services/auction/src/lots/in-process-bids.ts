import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  AccountStatusCache,
  APP_LOGGER,
  assertAccess,
  BLOCKED_TOKEN,
  createGraphQLErrorFormatter,
  INVALID_TOKEN,
  PLATFORM_SETTINGS,
  requestContext,
  resolveBrand,
  REVOKED_TOKEN,
  USER_NOT_FOUND,
  type AuthUser,
  type JsonLogger,
  type PlatformSettings,
  type RequestContext,
  VerifiedTokens,
} from '@trackside/platform';
import { REALTIME_MESSAGES } from '@trackside/contracts';
import { PlaceBidCommand } from './lot-commands';

/** Who sends a socket bid, as the realtime gateway knows them (the same fields it puts in its HTTP headers). */
export interface SocketBidCaller {
  token: string | null;
  brand: string;
  correlationId: string;
}

export interface SocketBidInput {
  auctionId: string;
  amount: number;
  bidId?: string;
}

/** Exactly what the realtime gateway's HTTP client makes of the subgraph's `createBid` answer. */
export type SocketBidAnswer =
  | { ok: true; data: { createBid: { bid: { id: string; amount: number; created_at: string }; outbidAutomatically: boolean } } }
  | { ok: false; error: { code: string; message: string } };

/** The same pattern as the request-context middleware's for `x-correlation-id`. */
const CORRELATION_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A socket bid without the hop: in the all-in-one process the realtime gateway hands its bids here
 * instead of POSTing `createBid` to the auction subgraph on loopback. It does what that request
 * does, in the same order, so the answer is the same: the request-context middleware's brand and
 * token checks (the token itself is checked here, not the user the socket handshake verified, so a
 * token that expired since the handshake is refused exactly as over HTTP; the signature check runs
 * once per token, VerifiedTokens), the access guard's account status (per bid: a block or a
 * revocation takes effect at once) and `@Confirmed()` rule, then the PlaceBid command on the
 * CommandBus with channel 'socket' and eventual consistency (the handler audits refused attempts
 * as for any bid). Errors become the same code and message through the subgraph's own GraphQL
 * error formatter.
 * docs/decisions.md "Commands on the CommandBus; the socket bid without a hop".
 */
@Injectable()
export class InProcessBids {
  private readonly formatError: ReturnType<typeof createGraphQLErrorFormatter>;
  private readonly tokens: VerifiedTokens;

  constructor(
    private readonly bus: CommandBus,
    private readonly accounts: AccountStatusCache,
    @Inject(PLATFORM_SETTINGS) private readonly settings: PlatformSettings,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.formatError = createGraphQLErrorFormatter(logger.child('GraphQL'));
    this.tokens = new VerifiedTokens(settings.jwtSecret);
  }

  async placeBid(input: SocketBidInput, caller: SocketBidCaller): Promise<SocketBidAnswer> {
    const brand = resolveBrand(caller.brand, undefined, { defaultBrand: this.settings.defaultBrand, hosts: this.settings.brandHosts });
    // Over HTTP the middleware answers a bad brand with a plain 400 body, which the client reads as "No data".
    if (!brand.ok) return { ok: false, error: { code: 'INTERNAL_SERVER_ERROR', message: REALTIME_MESSAGES.auctionNoData } };
    const context: RequestContext = {
      correlationId: CORRELATION_PATTERN.test(caller.correlationId) ? caller.correlationId : randomUUID(),
      brand: brand.brand,
      user: null,
      consistency: 'eventual',
      channel: 'socket',
    };
    return requestContext.run(context, async () => {
      try {
        const user = this.admit(caller.token, context.brand);
        context.user = user;
        const outcome = await this.bus.execute(
          new PlaceBidCommand(
            { lotId: input.auctionId, bidId: input.bidId, amount: input.amount },
            { brand: context.brand, actor: user, correlationId: context.correlationId, consistency: 'eventual', channel: 'socket' },
          ),
        );
        const bid = { id: outcome.bidId, amount: outcome.amountCents / 100, created_at: outcome.placedAt.toISOString() };
        // The HTTP path asks for outbidAutomatically and always gets a boolean: the same here.
        return { ok: true as const, data: { createBid: { bid, outbidAutomatically: outcome.outbidAutomatically === true } } };
      } catch (error) {
        return { ok: false as const, error: this.failure(error) };
      }
    });
  }

  /**
   * The request-context middleware and the access guard in one (libs/platform/src/context and
   * libs/platform/src/auth/access.guard.ts), in their order: a malformed, forged, expired or
   * other-brand token, then a deleted, blocked or revoked account, then `@Confirmed()`.
   */
  private admit(token: string | null, brand: string): AuthUser {
    let user: AuthUser | null = null;
    if (token) {
      // The HTTP client sends `Bearer <token>`; the middleware takes one run of non-space characters.
      const bare = token.trim();
      if (!/^\S+$/.test(bare)) throw INVALID_TOKEN();
      try {
        user = this.tokens.verify(bare);
      } catch {
        throw INVALID_TOKEN();
      }
      if (user.brand !== brand) throw INVALID_TOKEN();
      const refusal = this.accounts.admit(user);
      if (refusal === 'deleted') throw USER_NOT_FOUND();
      if (refusal === 'blocked') throw BLOCKED_TOKEN();
      if (refusal === 'revoked') throw REVOKED_TOKEN();
    }
    assertAccess({ signedIn: true, confirmed: true }, user);
    return user!;
  }

  /** The subgraph's formatter decides code and message (and logs what is unexpected), as for `createBid` over HTTP. */
  private failure(error: unknown): { code: string; message: string } {
    const formatted = this.formatError(
      {
        message: error instanceof Error ? error.message : String(error),
        path: ['createBid'],
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      },
      error,
    );
    const code = formatted.extensions?.code;
    return { code: typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR', message: formatted.message };
  }
}
