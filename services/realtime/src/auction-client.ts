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

/**
 * The realtime gateway's client of the auction subgraph. Bids and comments arriving on a socket run
 * the same GraphQL mutations as the web app, with the user's token, so the rules and codes are the
 * same by construction (fetch keeps connections alive).
 */
export class AuctionClient {
  constructor(
    private readonly url: string,
    private readonly timeoutMs = 10_000,
  ) {}

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
    };
    if (caller.token) headers.authorization = `Bearer ${caller.token}`;
    let body: { data?: T | null; errors?: Array<{ message?: string; extensions?: { code?: string } }> };
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      body = (await response.json()) as typeof body;
    } catch (error) {
      return { ok: false, error: { code: 'realtime.upstream.unavailable', message: `Auction service unavailable: ${String(error)}` } };
    }
    const first = body.errors?.[0];
    if (first) return { ok: false, error: { code: first.extensions?.code ?? 'INTERNAL_SERVER_ERROR', message: first.message ?? 'Error' } };
    if (!body.data) return { ok: false, error: { code: 'INTERNAL_SERVER_ERROR', message: 'No data' } };
    return { ok: true, data: body.data };
  }

  placeBid(
    input: { auctionId: string; amount: number; bidId?: string },
    caller: CallerContext,
  ): Promise<GraphQLOutcome<{ createBid: { bid: { id: string; amount: number; created_at: string } } }>> {
    return this.execute(
      `mutation RealtimeBid($input: createBidInput!) { createBid(input: $input) { bid { id amount created_at } } }`,
      { input: { data: { auction: input.auctionId, amount: input.amount, ...(input.bidId ? { id: input.bidId } : {}) } } },
      caller,
      { eventual: true },
    );
  }
}
