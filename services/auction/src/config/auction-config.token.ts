export const AUCTION_CONFIG = Symbol('AUCTION_CONFIG');
