export { preferredEncoding, startGateway, restRoutes, type RunningGateway, type Subgraph, type GatewayContext } from './gateway-server';
export { gatewayConfigSchema, loadGatewayConfig, type GatewayConfig } from './config/gateway-config';
