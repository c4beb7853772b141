export * from './payment-hold-events';
export * from './pricing-package-events';
