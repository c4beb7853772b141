import { Module } from '@nestjs/common';

/**
 * Marks the auction subgraph's GraphQL types (`registerIn`). NestJS keeps code-first type metadata
 * in one process-wide store, so when several subgraphs run in one Node process (the all-in-one
 * start, tests) each must build its schema from its own types only: the auction GraphQLModule
 * includes this marker. See docs/decisions.md "One process, many subgraphs".
 */
@Module({})
export class AuctionGraphQLTypes {}

export const AUCTION_TYPES = { registerIn: () => AuctionGraphQLTypes };
