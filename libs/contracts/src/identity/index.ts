export * from './account-events';
