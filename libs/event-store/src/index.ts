export * from './event-store.port';
export { LogFollower, type Follower, type FollowHandler, type FollowOptions, type FollowSource } from './follower';
export { FollowFromStart, followerPosition, type FollowerPosition } from './follow-from-start';
export {
  PostgresEventStore,
  appendManyWith,
  compareCheckpoints,
  encodeCheckpoint,
  decodeCheckpoint,
} from './postgres/postgres-event-store';
export { sqlExecutorOf } from './postgres/sql-executor';
export { openPools, trackPool, type OpenPool, type PoolCounts } from './postgres/open-pools';
export { appendInTransaction, type TransactionalAppendRequest } from './postgres/transactional-append';
export { OutboxRelay, type OutboxRelayOptions } from './postgres/outbox-relay';
export {
  readProcessorStatuses,
  LAG_COUNT_LIMIT,
  type ProcessorStatus,
  type WatchedProcessor,
  type ReportedFollower,
} from './postgres/processor-status';
export { migrateEventStoreSchema, EVENT_STORE_SCHEMA_SQL } from './postgres/event-store-schema';
export { GroupCommitter } from './group-committer';
export {
  CommandHandler,
  type HandleResult,
  type AppendTarget,
  type StreamReader,
  type CommandHandlerOptions,
} from './command/command-handler';
export type { Decider, Decision, EventCodec } from './command/decider';
export { KeyedQueue } from './command/keyed-queue';
export { EventStoreDbEventStore } from './esdb/esdb-event-store';
export {
  migrateEventStoreAt,
  openServiceEventStore,
  ServiceEventStore,
  type OpenServiceEventStore,
  type ServiceEventStoreOptions,
} from './service-event-store';
export {
  BoundedAuditLog,
  type AuditBounds,
  type AuditAttempt,
  type AuditOutcome,
  type AuditStore,
  type SuppressedAttempts,
} from './audit/bounded-audit-log';
export { processorErrors } from './processor-errors';
export {
  LogTail,
  shareLogTailInProcess,
  eventMatches,
  DEFAULT_SAFETY_POLL_MS,
  CHECKPOINT_MOVED_CHANNEL,
  type TailConsumer,
} from './host/log-tail';
export { TailSubscription } from './host/tail-subscription';
export { resetProcessors, type RebuildPlan } from './host/reset-processors';
export { poolTransaction } from './postgres/sql-executor';
export {
  defineProcessor,
  rebuildPlan,
  ProcessorRuntime,
  type DefinedProcessor,
  type ProcessorDefinition,
  type ProcessorMode,
} from './host/processor-definition';
export { ProcessorHost, type ProcessorHostOptions, type RunningProcessor } from './host/processor-host';
