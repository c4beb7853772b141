import { Module, type DynamicModule } from '@nestjs/common';
import {
  CLOCK,
  type Clock,
  PlatformModule,
  type PlatformSettings,
  ServiceDatabaseModule,
  federatedGraphQLModule,
} from '@trackside/platform';
import { BrandConfigurationResolver } from './brand/brand-configuration.resolver';
import { PartnerHandoffResolver } from './partner/partner-handoff.resolver';
import { BrandConfigurationService } from './brand/brand-configuration.service';
import { BrandContentService } from './brand/brand-content.service';
import type { CatalogueConfig } from './config/catalogue-config';
import { CATALOGUE_CONFIG, CATALOGUE_DATABASE_URL } from './config/catalogue-config.token';
import { ContentResolver } from './content/content.resolver';
import { ContentService } from './content/content.service';
import { DirectoriesController } from './directory/directories.controller';
import { DirectoriesResolver } from './directory/directories.resolver';
import { DirectoriesService } from './directory/directories.service';
import { DirectoryPaymentsFollower } from './directory/directory-payments.processor';
import { DirectoryEventAppender } from './directory/directory-event-appender';
import { DirectorySubscriptionSweeper } from './directory/directory-subscription.sweeper';
import { DirectorySubscriptionsService } from './directory/directory-subscriptions.service';
import { CatalogueGraphQLTypes } from './graphql/catalogue-graphql-types';
import { CATALOGUE_DATABASE } from './infrastructure/catalogue-data-source';
import { CatalogueEventStore } from './infrastructure/event-store.provider';
import { ListingExpirySweeper } from './listings/listing-expiry.sweeper';
import { ListingPaymentsFollower } from './listings/listing-payments.processor';
import { CATALOGUE_PROCESSOR_HOST } from './catalogue-processor-host';
import { CatalogueProcessorStatusResolver } from './tools/processor-status.resolver';
import { ListingsResolver } from './listings/listings.resolver';
import { CmsCatalogueCountsResolver } from './cms/cms-catalogue-counts.resolver';
import { ListingsService } from './listings/listings.service';
import { PricingPackagesResolver } from './packages/pricing-packages.resolver';
import { PricingPackagesService } from './packages/pricing-packages.service';
import { ExchangeRatesService } from './reference/exchange-rates.service';
import { ReferenceResolver } from './reference/reference.resolver';
import { StaffReviewQueueResolver } from './review/staff-review-queue.resolver';
import { MEDIA_STORAGE, mediaStorageFor } from './uploads/media-storage';
import { UploadScalar } from './uploads/upload.scalar';
import { UploadsController } from './uploads/uploads.controller';
import { UploadsResolver } from './uploads/uploads.resolver';
import { UploadsService } from './uploads/uploads.service';
import { UploadAnnouncer } from './uploads/upload-announcer';
import { UploadsBackfill } from './uploads/uploads-backfill';
import { PayableItemAnnouncer } from './payable-items/payable-item-announcer';
import { PayableItemsBackfill } from './payable-items/payable-items-backfill';
import { CATALOGUE_SEARCH_PROVIDERS } from './search/catalogue-search.providers';

export interface CatalogueModuleOptions {
  config: CatalogueConfig;
  databaseUrl: string;
  platform: PlatformSettings;
  clock: Clock;
}

@Module({})
export class CatalogueModule {
  static register(options: CatalogueModuleOptions): DynamicModule {
    return {
      module: CatalogueModule,
      imports: [
        PlatformModule.forService(options.platform),
        ServiceDatabaseModule.forService(CATALOGUE_DATABASE, options.databaseUrl),
        federatedGraphQLModule({
          modules: [CatalogueModule, CatalogueGraphQLTypes],
          logger: options.platform.logger.child('GraphQL'),
          playground: options.config.GRAPHQL_PLAYGROUND,
        }),
      ],
      controllers: [DirectoriesController, UploadsController],
      providers: [
        { provide: CATALOGUE_CONFIG, useValue: options.config },
        { provide: CATALOGUE_DATABASE_URL, useValue: options.databaseUrl },
        { provide: CLOCK, useValue: options.clock },
        CatalogueEventStore,
        BrandConfigurationService,
        BrandContentService,
        BrandConfigurationResolver,
        PartnerHandoffResolver,
        PricingPackagesService,
        PricingPackagesResolver,
        DirectoriesService,
        DirectoriesResolver,
        DirectoryPaymentsFollower,
        DirectoryEventAppender,
        DirectorySubscriptionsService,
        DirectorySubscriptionSweeper,
        CatalogueProcessorStatusResolver,
        {
          provide: MEDIA_STORAGE,
          useValue: mediaStorageFor(options.config),
        },
        ExchangeRatesService,
        ReferenceResolver,
        ListingsService,
        ListingsResolver,
        CmsCatalogueCountsResolver,
        StaffReviewQueueResolver,
        ListingExpirySweeper,
        ListingPaymentsFollower,
        ...CATALOGUE_SEARCH_PROVIDERS,
        CATALOGUE_PROCESSOR_HOST,
        PayableItemAnnouncer,
        PayableItemsBackfill,
        ContentService,
        ContentResolver,
        UploadScalar,
        UploadsService,
        UploadsResolver,
        UploadAnnouncer,
        UploadsBackfill,
      ],
      exports: [
        BrandConfigurationService,
        BrandContentService,
        PricingPackagesService,
        DirectoriesService,
        ContentService,
        CatalogueEventStore,
        PayableItemsBackfill,
      ],
    };
  }
}
