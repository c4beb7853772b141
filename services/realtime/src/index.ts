export { startRealtimeService, type RunningRealtimeService } from './realtime.service-app';
export { loadRealtimeConfig, realtimeConfigSchema, type RealtimeConfig } from './config/realtime-config';
export { RealtimeGateway, CLIENT_EVENTS } from './realtime-gateway';
export type { AuctionPayload, LotChange } from './lot-view';
export { AuctionClient, bidsInProcess, type AuctionCommands, type CallerContext, type GraphQLOutcome } from './auction-client';
