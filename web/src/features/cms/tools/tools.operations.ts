import { gql, type TypedDocumentNode } from '@apollo/client';

/** The superAdmin tools: email outbox (identity), processing status and the event log (auction). */
export interface EmailMessage {
  id: string;
  template: string;
  to: string;
  from: string;
  subject: string;
  replyTo: string | null;
  text: string | null;
  html: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export const CAPTURED_EMAILS: TypedDocumentNode<
  { capturedEmails: { emails: EmailMessage[]; count: number } },
  { start: number; limit: number; to?: string | null }
> = gql`
  query ToolsCapturedEmails($start: Int, $limit: Int, $to: String) {
    capturedEmails(start: $start, limit: $limit, to: $to) {
      count
      emails {
        id
        template
        to
        from
        subject
        replyTo
        text
        html
        status
        attempts
        lastError
        createdAt
        sentAt
      }
    }
  }
`;

export interface FeedRelayStatus {
  brand: string;
  configured: boolean;
  enabled: boolean;
  state: string;
  topic: string;
  checkpoint: string | null;
  caughtUp: boolean | null;
  behindSince: string | null;
  lagSeconds: number | null;
  publishedEvents: number;
  lastPublishedAt: string | null;
  consecutiveFailures: number;
  lastError: string | null;
  lastErrorKind: string | null;
  lastErrorAt: string | null;
  serverTime: string;
}

export interface ProcessorStatus {
  name: string;
  /** "checkpoint" (a row in the event store) or "follower" (in memory, the answering instance). */
  kind?: string;
  position: string;
  lagEvents: number;
  lagSeconds: number;
  lastError: string | null;
  lastErrorAt: string | null;
  updatedAt: string;
}

export const SYSTEM_STATUS: TypedDocumentNode<{ processorStatuses: ProcessorStatus[]; feedRelayStatus: FeedRelayStatus }> = gql`
  query ToolsSystemStatus {
    processorStatuses {
      name
      kind
      position
      lagEvents
      lagSeconds
      lastError
      lastErrorAt
      updatedAt
    }
    feedRelayStatus {
      brand
      configured
      enabled
      state
      topic
      checkpoint
      caughtUp
      behindSince
      lagSeconds
      publishedEvents
      lastPublishedAt
      consecutiveFailures
      lastError
      lastErrorKind
      lastErrorAt
      serverTime
    }
  }
`;

export interface EventLogStreamSummary {
  streamId: string;
  version: number;
  firstType: string;
  createdAt: string;
}

export const EVENT_LOG_STREAMS: TypedDocumentNode<
  { eventLogStreams: { streams: EventLogStreamSummary[]; count: number } },
  { prefix: string | null; start: number; limit: number }
> = gql`
  query ToolsEventLogStreams($prefix: String, $start: Int, $limit: Int) {
    eventLogStreams(prefix: $prefix, start: $start, limit: $limit) {
      count
      streams {
        streamId
        version
        firstType
        createdAt
      }
    }
  }
`;

export interface EventLogEntry {
  version: number;
  globalPosition: string;
  eventId: string;
  type: string;
  occurredAt: string | null;
  recordedAt: string;
  actorId: string | null;
  correlationId: string | null;
  channel: string | null;
  metadata: unknown;
  data: unknown;
}

export const EVENT_LOG_STREAM: TypedDocumentNode<
  { eventLogStream: { streamId: string; streamVersion: number; nextVersion: number | null; events: EventLogEntry[] } | null },
  { streamId: string; fromVersion: number; limit: number }
> = gql`
  query ToolsEventLogStream($streamId: String!, $fromVersion: Int, $limit: Int) {
    eventLogStream(streamId: $streamId, fromVersion: $fromVersion, limit: $limit) {
      streamId
      streamVersion
      nextVersion
      events {
        version
        globalPosition
        eventId
        type
        occurredAt
        recordedAt
        actorId
        correlationId
        channel
        metadata
        data
      }
    }
  }
`;

export const PAYMENT_COUNTS: TypedDocumentNode<{ cmsPaymentCounts: { failedLast7Days: number; since: string } }> = gql`
  query ToolsPaymentCounts {
    cmsPaymentCounts {
      failedLast7Days
      since
    }
  }
`;

/**
 * Identity's and the catalogue's processors: separate queries, so one service being down leaves
 * the others' rows on the page (each answers for its own processors; docs/back-office.md "Tools").
 */
export const IDENTITY_PROCESSORS: TypedDocumentNode<{ identityProcessorStatuses: ProcessorStatus[] }> = gql`
  query ToolsIdentityProcessors {
    identityProcessorStatuses {
      name
      kind
      position
      lagEvents
      lagSeconds
      lastError
      lastErrorAt
      updatedAt
    }
  }
`;

export const CATALOGUE_PROCESSORS: TypedDocumentNode<{ catalogueProcessorStatuses: ProcessorStatus[] }> = gql`
  query ToolsCatalogueProcessors {
    catalogueProcessorStatuses {
      name
      kind
      position
      lagEvents
      lagSeconds
      lastError
      lastErrorAt
      updatedAt
    }
  }
`;

/** Empties one auction projection (every brand's rows) for its processor to replay the log (superAdmin). */
export const REBUILD_PROJECTIONS: TypedDocumentNode<{ rebuildProjections: ProcessorStatus }, { name: string }> = gql`
  mutation ToolsRebuildProjections($name: String!) {
    rebuildProjections(name: $name) {
      name
      position
      lagEvents
      lagSeconds
      lastError
      lastErrorAt
      updatedAt
    }
  }
`;
