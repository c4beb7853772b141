export * from './money';
export * from './lot.decider';
export * from './watchlist.decider';
export * from './bid-log';
