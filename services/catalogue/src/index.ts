export { startCatalogueService, type RunningCatalogueService } from './catalogue.service-app';
export { catalogueConfigSchema, loadCatalogueConfig, type CatalogueConfig } from './config/catalogue-config';
export { seedCatalogueDemo, DEMO_CATALOGUE_BRANDS } from './demo/catalogue-demo';
export { AdjustableClock, systemClock, type Clock } from '@trackside/platform';
export { demoId } from './demo/demo-ids';
// A Nest provider other services' tests reach into a running catalogue service through (app.get), by this package only.
export { PricingPackagesService } from './packages/pricing-packages.service';
