import { SHUTDOWN_ORDER, type ServiceStops } from '@trackside/platform';
import type { RunningGateway } from '@trackside/gateway-service';
import type { RunningRealtimeService } from '@trackside/realtime-service';

export interface ShutdownStep {
  name: string;
  order: number;
  run: () => Promise<void> | void;
}

/** The services of the all-in-one process, as far as stopping them goes. */
export interface MarketplaceParts {
  auction: ServiceStops;
  identity: ServiceStops;
  catalogue: ServiceStops;
  realtime: RunningRealtimeService;
  gateway: RunningGateway;
}

/**
 * The process's stops in the shutdown order (docs/decisions.md, "Graceful shutdown order"): the
 * public intake (the gateway's server, which carries /socket.io too) first; then the sockets are
 * drained (acks in flight sent); then the requests in flight finish, the gateway's before the
 * subgraphs' (they serve them); then every processor stops before any pool closes. The embedded
 * database, when there is one, is main.ts's last step. (The marketplace's close(), for tests and
 * benchmarks, closes the services one after another; each still stops in this order within.)
 */
export function marketplaceShutdownSteps(parts: MarketplaceParts): ShutdownStep[] {
  const { realtime, gateway } = parts;
  const nest = { catalogue: parts.catalogue, identity: parts.identity, auction: parts.auction };
  const each = (order: number, what: string, run: (service: ServiceStops) => Promise<void>): ShutdownStep[] =>
    Object.entries(nest).map(([name, service]) => ({ name: `${name} ${what}`, order, run: () => run(service) }));
  return [
    { name: 'gateway intake', order: SHUTDOWN_ORDER.intake, run: () => gateway.stopIntake() },
    { name: 'realtime intake', order: SHUTDOWN_ORDER.intake, run: () => realtime.stopIntake() },
    { name: 'realtime sockets', order: SHUTDOWN_ORDER.sockets, run: () => realtime.drainSockets() },
    { name: 'gateway requests', order: SHUTDOWN_ORDER.commands, run: () => gateway.finishCommands() },
    // The subgraphs' own drains run together: each may wait up to its grace, within the 10 s deadline.
    {
      name: 'subgraph requests',
      order: SHUTDOWN_ORDER.commands,
      run: async () => void (await Promise.all(Object.values(nest).map((service) => service.finishCommands()))),
    },
    { name: 'realtime processors', order: SHUTDOWN_ORDER.processors, run: () => realtime.stopProcessors() },
    ...each(SHUTDOWN_ORDER.processors, 'processors', (service) => service.stopProcessors()),
    { name: 'realtime pool', order: SHUTDOWN_ORDER.pools, run: () => realtime.close() },
    { name: 'gateway rate limits pool', order: SHUTDOWN_ORDER.pools, run: () => gateway.close() },
    ...each(SHUTDOWN_ORDER.pools, 'pools', (service) => service.close()),
  ];
}
