export * from './seller-email-events';
