export { startCatalogueService, type RunningCatalogueService } from './catalogue.service-app';
export { catalogueConfigSchema, loadCatalogueConfig, type CatalogueConfig } from './config/catalogue-config';
export { seedCatalogueDemo, DEMO_CATALOGUE_BRANDS } from './demo/catalogue-demo';
export { AdjustableClock, systemClock, type Clock } from '@trackside/platform';
export { demoId } from './demo/demo-ids';
