export * from './payment-hold-events';
