import { Module } from '@nestjs/common';

/**
 * Marks the identity subgraph's GraphQL types (`registerIn`). NestJS keeps code-first type
 * metadata in one process-wide store, so when several services run in one Node process (the
 * all-in-one start, tests) each subgraph must build its schema from its own types only; the
 * identity GraphQLModule includes this marker. See docs/decisions.md "One process, many subgraphs".
 */
@Module({})
export class IdentityGraphQLTypes {}

export const IDENTITY_TYPES = { registerIn: () => IdentityGraphQLTypes };
