export { startAuctionService, type RunningAuctionService } from './auction.service-app';
export type { InProcessBids, SocketBidAnswer, SocketBidCaller, SocketBidInput } from './lots/in-process-bids';
export { auctionConfigSchema, loadAuctionConfig, type AuctionConfig } from './config/auction-config';
export { seedDemoData } from './demo/demo-seed';
export { AdjustableClock, systemClock, type Clock } from '@trackside/platform';
export { BrandAuctionSettingsProvider } from './infrastructure/brand-auction-settings';
// Nest providers other services' tests reach into a running auction service through (app.get), by this package only.
export { EventStoreProvider } from './infrastructure/event-store.provider';
export { LotCommandsService } from './lots/lot-commands.service';
