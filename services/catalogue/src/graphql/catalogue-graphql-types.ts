import { Module } from '@nestjs/common';

/**
 * Marks the catalogue subgraph's GraphQL types (`registerIn`): several subgraphs share one process
 * (all-in-one, tests), so each builds its schema from its own types only. See docs/decisions.md
 * "Several subgraphs in one process".
 */
@Module({})
export class CatalogueGraphQLTypes {}

export const CATALOGUE_TYPES = { registerIn: () => CatalogueGraphQLTypes };
