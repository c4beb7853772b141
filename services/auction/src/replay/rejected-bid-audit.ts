import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { BID_REJECTED, bidRejectionsSuppressedEvent, lotAttemptsStreamId, type BidRejectedData } from '@trackside/contracts';
import { BoundedAuditLog, type AuditOutcome, type EventMetadata } from '@trackside/event-store';
import { APP_LOGGER, type BidAuditConfig, type JsonLogger } from '@trackside/platform';
import { AUCTION_CONFIG } from '../config/auction-config.token';
import { EventStoreProvider } from '../infrastructure/event-store.provider';

/**
 * The auction service's writer of refused bids into `lot-attempts-<lotId>`, bounded per lot and
 * bidder (docs/operations.md "Audit of refused bids"). Pending summaries are written on shutdown.
 */
@Injectable()
export class RejectedBidAudit implements OnApplicationShutdown {
  private readonly audit: BoundedAuditLog;

  constructor(events: EventStoreProvider, @Inject(AUCTION_CONFIG) config: BidAuditConfig, @Inject(APP_LOGGER) logger: JsonLogger) {
    const log = logger.child(RejectedBidAudit.name);
    this.audit = new BoundedAuditLog(
      {
        append: (streamId, batch, options) => events.committer.append(streamId, batch, options),
        readStream: (id, o) => events.store.readStream(id, o),
      },
      {
        perKeyPerWindow: config.BID_AUDIT_PER_BIDDER,
        windowMs: config.BID_AUDIT_WINDOW_MS,
        streamCap: config.BID_AUDIT_LOT_CAP,
        maxOpenWindows: config.BID_AUDIT_MAX_WINDOWS,
      },
      bidRejectionsSuppressedEvent,
      // The answer to the bidder does not depend on the audit write; log loudly instead.
      { onError: (error, streamId) => log.error('Could not record a refused bid attempt', { streamId, error: String(error) }) },
    );
  }

  /** Records a refused bid on an existing lot; `metadata` carries brand, actor, correlation id and channel. */
  record(lotId: string, data: BidRejectedData, metadata: EventMetadata): Promise<AuditOutcome> {
    return this.audit.record({
      streamId: lotAttemptsStreamId(lotId),
      key: data.bidderId ?? 'anonymous',
      tag: data.code,
      event: { type: BID_REJECTED, data, metadata },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.audit.flush();
  }
}
