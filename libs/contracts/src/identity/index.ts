export * from './account-events';
export * from './notification-events';
