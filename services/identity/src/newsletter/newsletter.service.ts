import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CONTACT_ERROR_MESSAGES } from '@trackside/contracts';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type JsonLogger, DomainError } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { updateRows } from '../common/sql-results';
import { isValidContactEmail } from '../contact/contact-form.rules';
import { SubmissionLimiter } from '../contact/submission-limiter';
import { NewsletterSubscriptionEntity } from '../persistence';

/** The spec's single subscription error (spec 000 section 8): duplicate and malformed addresses alike. */
function subscribeError(): DomainError {
  return new DomainError('newsletter.subscribe.error', CONTACT_ERROR_MESSAGES['newsletter.subscribe.error']);
}

/** Newsletter sign-ups (POST /subscribe), one per email and brand; staff list them. */
@Injectable()
export class NewsletterService {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly limiter: SubmissionLimiter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(NewsletterService.name);
  }

  async subscribe(brand: string, body: unknown, address: string): Promise<{ ok: true; email: string }> {
    if (!(await this.limiter.take(`subscribe|${brand}|${address}`)))
      throw new DomainError('contact.rateLimit', CONTACT_ERROR_MESSAGES['contact.rateLimit'], 'rate-limited');
    const data = (typeof body === 'object' && body !== null ? body : {}) as { email?: unknown; name?: unknown; fields?: unknown };
    const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : '';
    if (!isValidContactEmail(email)) throw subscribeError();
    const fields = (typeof data.fields === 'object' && data.fields !== null ? data.fields : {}) as { name?: unknown };
    const rawName = typeof fields.name === 'string' ? fields.name : typeof data.name === 'string' ? data.name : '';
    const name = rawName.trim().slice(0, 200) || null;
    const inserted = updateRows(
      await this.db.query(
        `INSERT INTO identity.newsletter_subscriptions (id, brand, email, name, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (brand, email) DO NOTHING RETURNING id`,
        [randomUUID(), brand, email, name, this.clock.now()],
      ),
    );
    if (inserted.length === 0) throw subscribeError();
    this.log.info('Newsletter subscription', { brand });
    return { ok: true, email };
  }

  async list(
    brand: string,
    start: number | null,
    limit: number | null,
  ): Promise<{ subscribers: NewsletterSubscriptionEntity[]; count: number }> {
    const [subscribers, count] = await this.db.getRepository(NewsletterSubscriptionEntity).findAndCount({
      where: { brand },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: Math.max(0, start ?? 0),
      take: Math.min(Math.max(1, limit ?? 50), 200),
    });
    return { subscribers, count };
  }
}
