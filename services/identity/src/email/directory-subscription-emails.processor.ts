import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { eventDataRecord, DIRECTORY_EVENTS, DIRECTORY_STREAM_PREFIX } from '@trackside/contracts';
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
const END_REASONS = ['canceled', 'pastDue', 'notRenewed'] as const;

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
      .map((event) => ({
        event,
        data: eventDataRecord(event),
      }))
      .filter(({ data }) => typeof data.userId === 'string' && UUID.test(data.userId));
    if (notices.length === 0) return 0;
    const ids = [...new Set(notices.map(({ data }) => String(data.userId).toLowerCase()))];
    const rows = (await manager.query(`SELECT id, brand, email, username, blocked FROM identity.users WHERE id = ANY($1::uuid[])`, [
      ids,
    ])) as Array<{ id: string; brand: string; email: string; username: string; blocked: boolean }>;
    const users = new Map(rows.map((row) => [row.id, row]));
    const emails: OutgoingEmail[] = [];
    for (const { event, data } of notices) {
      const user = users.get(String(data.userId).toLowerCase());
      const brand = typeof data.brand === 'string' ? data.brand : event.metadata.brand;
      // An entry of another brand than its owner's account is ignored (brand scoping).
      if (!user || user.blocked || user.brand !== brand) continue;
      const rendered = this.render(event.type, data, {
        brandName: brandDisplayName(user.brand),
        username: user.username,
        entryName: typeof data.name === 'string' && data.name.trim() !== '' ? data.name.trim().slice(0, 200) : 'your directory entry',
        periodEnd: typeof data.periodEnd === 'string' ? data.periodEnd : '',
        link: `${this.links.origin(user.brand)}/directory/update`,
      });
      if (rendered) emails.push({ brand: user.brand, userId: user.id, to: user.email, rendered });
    }
    await this.outbox.enqueueMany(manager, emails);
    return emails.length;
  }

  private render(
    type: string,
    data: Record<string, unknown>,
    notice: Parameters<typeof directoryPlanRenewedEmail>[0],
  ): RenderedEmail | null {
    if (type === DIRECTORY_EVENTS.subscriptionRenewed) return data.renewal === true ? directoryPlanRenewedEmail(notice) : null;
    if (type === DIRECTORY_EVENTS.subscriptionPastDue)
      return directoryPlanPastDueEmail({ ...notice, reason: typeof data.reason === 'string' ? data.reason.slice(0, 200) : null });
    const reason = END_REASONS.find((candidate) => candidate === data.reason) ?? 'notRenewed';
    return directoryPlanEndedEmail({ ...notice, reason });
  }
}
