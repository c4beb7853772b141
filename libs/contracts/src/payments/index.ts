export * from './payment-hold-events';
export * from './pricing-package-events';
export * from './brand-payment-events';
export * from './payment-events';
export * from './sandbox-cards';
export * from './payment-failed-events';
