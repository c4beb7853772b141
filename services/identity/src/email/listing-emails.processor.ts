import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { decodeListingEvent, LISTING_EVENTS, LISTING_STREAM_PREFIX } from '@trackside/contracts';
import type { EventFilter, RecordedEvent, DefinedProcessor } from '@trackside/event-store';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type DeclaresProcessor, type JsonLogger } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PublicLinks } from '../common/public-links';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { outboxProcessor } from './outbox-processor';
import { EmailOutbox, type OutgoingEmail } from './email-outbox.service';
import { brandDisplayName } from './email-templates';
import { listingExpiredEmail, listingExpiryReminderEmail } from './notification-templates';

/** Processor name (its checkpoint row in `eventstore.checkpoints`). */
export const LISTING_EMAILS_PROCESSOR = 'identity-listing-emails';
/** What it reads (its lag on the status page counts only these). */
export const LISTING_EMAILS_FILTER: EventFilter = {
  streamPrefixes: [LISTING_STREAM_PREFIX],
  eventTypes: [LISTING_EVENTS.expiryReminderDue, LISTING_EVENTS.expired],
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A reminder or expiry notice older than this is stale (a first start must not mail the history). */
const MAX_AGE_MS = 24 * 3_600_000;

/**
 * Emails sellers about their Paddock listings from the catalogue's events (spec 002: reminders
 * daysBeforeExpiry and emailExpiryOffset days before the expiry, then the expiry itself). The
 * catalogue decides when a reminder is due (`ListingExpiryReminderDue`, `ListingExpired` on
 * `listing-<id>`); identity owns the addresses and the outbox. Checkpointed like the auction emails:
 * each email is queued in the same transaction as the checkpoint, so exactly once.
 */
@Injectable()
export class ListingEmailsProcessor implements DeclaresProcessor {
  readonly processor: DefinedProcessor<EntityManager>;
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: EmailOutbox,
    private readonly links: PublicLinks,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(ListingEmailsProcessor.name);
    this.processor = outboxProcessor(
      { db: this.db, outbox: this.outbox, enabled: () => this.config.AUCTION_EMAILS_ENABLED },
      LISTING_EMAILS_PROCESSOR,
      LISTING_EMAILS_FILTER,
      (manager, batch) => this.applyBatch(manager, batch),
    );
  }

  private async applyBatch(manager: EntityManager, batch: RecordedEvent[]): Promise<number> {
    const now = this.clock.now().getTime();
    const notices = batch
      .filter((event) => now - event.createdAt.getTime() <= MAX_AGE_MS)
      .flatMap((event) => {
        // The contract's decoder: null without the listing id; the brand falls back to the metadata's.
        const decoded = decodeListingEvent(event);
        return decoded && UUID.test(decoded.data.userId) ? [{ event, decoded }] : [];
      });
    if (notices.length === 0) return 0;
    const ids = [...new Set(notices.map(({ decoded }) => decoded.data.userId.toLowerCase()))];
    const rows = (await manager.query(`SELECT id, brand, email, username, blocked FROM identity.users WHERE id = ANY($1::uuid[])`, [
      ids,
    ])) as Array<{ id: string; brand: string; email: string; username: string; blocked: boolean }>;
    const users = new Map(rows.map((row) => [row.id, row]));
    const emails: OutgoingEmail[] = [];
    for (const { event, decoded } of notices) {
      const { data } = decoded;
      const user = users.get(data.userId.toLowerCase());
      const brand = data.brand || event.metadata.brand;
      // A listing of another brand than its owner's account is ignored (brand scoping).
      if (!user || user.blocked || user.brand !== brand) continue;
      const base = {
        brandName: brandDisplayName(user.brand),
        username: user.username,
        listingTitle: data.title.trim() !== '' ? data.title.trim().slice(0, 200) : 'your listing',
        link: `${this.links.origin(user.brand)}/dashboard/listings`,
      };
      const rendered =
        decoded.type === LISTING_EVENTS.expiryReminderDue
          ? listingExpiryReminderEmail({ ...base, daysLeft: decoded.data.daysLeft, expiry: decoded.data.expiry })
          : listingExpiredEmail(base);
      emails.push({ brand: user.brand, userId: user.id, to: user.email, rendered });
    }
    await this.outbox.enqueueMany(manager, emails);
    return emails.length;
  }
}
