export const AUCTION_MIGRATIONS: Function[] = [];
