import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { REALTIME_MESSAGES } from '@trackside/contracts';

/** Who is asking: forwarded to the auction subgraph exactly as the GraphQL gateway would. */
export interface CallerContext {
  token: string | null;
  brand: string;
  correlationId: string;
}

export interface GraphQLFailure {
  code: string;
  message: string;
}

export type GraphQLOutcome<T> = { ok: true; data: T } | { ok: false; error: GraphQLFailure };

export interface SocketBidInput {
  auctionId: string;
  amount: number;
  bidId?: string;
}

/** The `createBid` answer a socket bid's ack is made of. */
export type CreateBidAnswer = {
  /** outbidAutomatically: another bidder's maximum answered the bid at once (proxy bidding, an addition). */
  createBid: { bid: { id: string; amount: number; created_at: string }; outbidAutomatically?: boolean | null };
};

/**
 * What the realtime gateway asks of the auction service: bids (`placeBid`) and the comment
 * mutations and queries (`execute`). Two implementations: the HTTP client below (realtime in its
 * own process) and `bidsInProcess` (all-in-one: bids go to the auction service's CommandBus in
 * the same process, no HTTP + GraphQL hop). Both answer with the same codes and messages.
 */
export interface AuctionCommands {
  placeBid(input: SocketBidInput, caller: CallerContext): Promise<GraphQLOutcome<CreateBidAnswer>>;
  execute<T>(
    query: string,
    variables: Record<string, unknown>,
    caller: CallerContext,
    options?: { eventual?: boolean },
  ): Promise<GraphQLOutcome<T>>;
}

/**
 * Bids through `bids` (in process), everything else (comments) through `client` over HTTP.
 * docs/decisions.md "Commands on the CommandBus; the socket bid without a hop".
 */
export function bidsInProcess(client: AuctionCommands, bids: Pick<AuctionCommands, 'placeBid'>): AuctionCommands {
  return {
    placeBid: (input, caller) => bids.placeBid(input, caller),
    execute: <T>(query: string, variables: Record<string, unknown>, caller: CallerContext, options?: { eventual?: boolean }) =>
      client.execute<T>(query, variables, caller, options),
  };
}

/**
 * The realtime gateway's client of the auction subgraph. Bids and comments arriving on a socket run
 * the same GraphQL mutations as the web app, with the user's token, so the rules and codes are the
 * same by construction. Requests go through node:http with a keep-alive agent rather than fetch:
 * this call is on every socket bid, and fetch (undici, web streams) cost about three times the CPU
 * per request of node:http on the bench machine (docs/benchmarks.md).
 */
export class AuctionClient implements AuctionCommands {
  private readonly target: URL;
  private readonly agent: HttpAgent;

  constructor(
    url: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.target = new URL(url);
    this.agent = this.target.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  }

  /** Closes the idle keep-alive connections (on shutdown). */
  close(): void {
    this.agent.destroy();
  }

  async execute<T>(
    query: string,
    variables: Record<string, unknown>,
    caller: CallerContext,
    options: { eventual?: boolean } = {},
  ): Promise<GraphQLOutcome<T>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      // Bids answer from the command result: pushes come from the event log, not the read models.
      ...(options.eventual ? { 'x-consistency': 'eventual' } : {}),
      'x-brand': caller.brand,
      'x-correlation-id': caller.correlationId,
      // Everything this client sends comes from a socket: the auction service records it as the channel.
      'x-channel': 'socket',
    };
    if (caller.token) headers.authorization = `Bearer ${caller.token}`;
    let body: { data?: T | null; errors?: Array<{ message?: string; extensions?: { code?: string } }> };
    try {
      body = JSON.parse(await this.post(JSON.stringify({ query, variables }), headers)) as typeof body;
    } catch (error) {
      return { ok: false, error: { code: 'realtime.upstream.unavailable', message: `Auction service unavailable: ${String(error)}` } };
    }
    const first = body.errors?.[0];
    if (first) return { ok: false, error: { code: first.extensions?.code ?? 'INTERNAL_SERVER_ERROR', message: first.message ?? 'Error' } };
    if (!body.data) return { ok: false, error: { code: 'INTERNAL_SERVER_ERROR', message: REALTIME_MESSAGES.auctionNoData } };
    return { ok: true, data: body.data };
  }

  /** POSTs `payload` and resolves with the response text; fails after `timeoutMs` in all. */
  private post(payload: string, headers: Record<string, string>): Promise<string> {
    return new Promise((resolve, reject) => {
      const send = this.target.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(
        this.target,
        { method: 'POST', agent: this.agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(payload)) } },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            clearTimeout(timer);
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
          response.on('error', (error) => {
            clearTimeout(timer);
            reject(error);
          });
        },
      );
      const timer = setTimeout(() => request.destroy(new Error(`no answer in ${this.timeoutMs} ms`)), this.timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(payload);
    });
  }

  placeBid(input: SocketBidInput, caller: CallerContext): Promise<GraphQLOutcome<CreateBidAnswer>> {
    return this.execute(
      `mutation RealtimeBid($input: createBidInput!) { createBid(input: $input) { bid { id amount created_at } outbidAutomatically } }`,
      { input: { data: { auction: input.auctionId, amount: input.amount, ...(input.bidId ? { id: input.bidId } : {}) } } },
      caller,
      { eventual: true },
    );
  }
}
