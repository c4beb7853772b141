export * from './seller-email-events';
export * from './bid-audit-events';
