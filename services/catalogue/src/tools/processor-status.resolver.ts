import { Inject } from '@nestjs/common';
import { Query, Resolver } from '@nestjs/graphql';
import { readProcessorStatuses, sqlExecutorOf } from '@trackside/event-store';
import {
  CLOCK,
  type Clock,
  AccountStatusCache,
  accountStatusProcessor,
  processorStatusObjectType,
  Staff,
  type ProcessorStatusFields,
} from '@trackside/platform';
import type { CatalogueConfig } from '../config/catalogue-config';
import { CATALOGUE_CONFIG } from '../config/catalogue-config.token';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';
import { CATALOGUE_SEARCH_FILTER, CATALOGUE_SEARCH_PROCESSOR } from '../search/catalogue-search.processor';
import { CATALOGUE_PROCESSORS } from './catalogue-processors';

export const CatalogueProcessorStatusObject = processorStatusObjectType('CatalogueProcessorStatus', CATALOGUE_TYPES);
export type CatalogueProcessorStatusObject = ProcessorStatusFields;

/** The back office's Tools (superAdmin): where the catalogue's log processors stand. */
@Resolver()
export class CatalogueProcessorStatusResolver {
  constructor(
    private readonly events: CatalogueEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly accounts: AccountStatusCache,
    @Inject(CATALOGUE_CONFIG) private readonly config: CatalogueConfig,
  ) {}

  @Query(() => [CatalogueProcessorStatusObject], { description: 'Where each of the catalogue’s log processors stands (superAdmin).' })
  @Staff('superAdmin')
  catalogueProcessorStatuses(): Promise<CatalogueProcessorStatusObject[]> {
    return readProcessorStatuses(
      sqlExecutorOf(this.events.pool),
      [
        ...CATALOGUE_PROCESSORS,
        // The search processor runs (and has a checkpoint) only where OpenSearch is the engine.
        ...(this.config.SEARCH_ENGINE === 'opensearch' ? [{ name: CATALOGUE_SEARCH_PROCESSOR, filter: CATALOGUE_SEARCH_FILTER }] : []),
        accountStatusProcessor(this.accounts),
      ],
      this.clock.now(),
    );
  }
}
