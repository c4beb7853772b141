import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { decodeDirectoryEvent, DIRECTORY_EVENTS, DIRECTORY_STREAM_PREFIX, type DirectoryEvent } from '@trackside/contracts';
import type { EventFilter, RecordedEvent, DefinedProcessor } from '@trackside/event-store';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type DeclaresProcessor, type JsonLogger } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PublicLinks } from '../common/public-links';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { directoryPlanEndedEmail, directoryPlanPastDueEmail, directoryPlanRenewedEmail } from './directory-subscription-templates';
import { EmailOutbox, type OutgoingEmail } from './email-outbox.service';
import { brandDisplayName, type RenderedEmail } from './email-templates';
import { outboxProcessor } from './outbox-processor';

/** Processor name (its checkpoint row in `eventstore.checkpoints`). */
export const DIRECTORY_SUBSCRIPTION_EMAILS_PROCESSOR = 'identity-directory-subscription-emails';
/** What it reads (its lag on the status page counts only these). */
export const DIRECTORY_SUBSCRIPTION_EMAILS_FILTER: EventFilter = {
  streamPrefixes: [DIRECTORY_STREAM_PREFIX],
  eventTypes: [DIRECTORY_EVENTS.subscriptionRenewed, DIRECTORY_EVENTS.subscriptionPastDue, DIRECTORY_EVENTS.subscriptionEnded],
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A notice older than this is stale (a first start must not mail the history). */
const MAX_AGE_MS = 24 * 3_600_000;

/**
 * Emails directory owners about their Featured plan from the catalogue's events on `directory-<id>`
 * (docs/decisions.md "Directory subscriptions"): a renewal (not the first payment, which has its
 * receipt), a failed renewal, and the end of the plan. The catalogue decides; identity owns the
 * addresses and the outbox. Checkpointed like the listing emails: each email is queued in the same
 * transaction as the checkpoint, so exactly once.
 */
@Injectable()
export class DirectorySubscriptionEmailsProcessor implements DeclaresProcessor {
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
    this.log = logger.child(DirectorySubscriptionEmailsProcessor.name);
    this.processor = outboxProcessor(
      { db: this.db, outbox: this.outbox, enabled: () => this.config.AUCTION_EMAILS_ENABLED },
      DIRECTORY_SUBSCRIPTION_EMAILS_PROCESSOR,
      DIRECTORY_SUBSCRIPTION_EMAILS_FILTER,
      (manager, batch) => this.applyBatch(manager, batch),
    );
  }

  private async applyBatch(manager: EntityManager, batch: RecordedEvent[]): Promise<number> {
    const now = this.clock.now().getTime();
    const notices = batch
      .filter((event) => now - event.createdAt.getTime() <= MAX_AGE_MS)
      .flatMap((event) => {
        // The contract's decoder: null without the entry id; the brand falls back to the metadata's.
        const decoded = decodeDirectoryEvent(event);
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
      // An entry of another brand than its owner's account is ignored (brand scoping).
      if (!user || user.blocked || user.brand !== brand) continue;
      const rendered = this.render(decoded, {
        brandName: brandDisplayName(user.brand),
        username: user.username,
        entryName: 'name' in data && data.name.trim() !== '' ? data.name.trim().slice(0, 200) : 'your directory entry',
        periodEnd: data.periodEnd ?? '',
        link: `${this.links.origin(user.brand)}/directory/update`,
      });
      if (rendered) emails.push({ brand: user.brand, userId: user.id, to: user.email, rendered });
    }
    await this.outbox.enqueueMany(manager, emails);
    return emails.length;
  }

  private render(event: DirectoryEvent, notice: Parameters<typeof directoryPlanRenewedEmail>[0]): RenderedEmail | null {
    switch (event.type) {
      case DIRECTORY_EVENTS.subscriptionRenewed:
        return event.data.renewal ? directoryPlanRenewedEmail(notice) : null;
      case DIRECTORY_EVENTS.subscriptionPastDue:
        return directoryPlanPastDueEmail({ ...notice, reason: event.data.reason?.slice(0, 200) ?? null });
      case DIRECTORY_EVENTS.subscriptionEnded:
        return directoryPlanEndedEmail({ ...notice, reason: event.data.reason });
      default:
        // A cancellation is announced by its end (DirectorySubscriptionEnded): no mail of its own.
        return null;
    }
  }
}
