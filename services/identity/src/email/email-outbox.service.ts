import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DataSource, EntityManager } from 'typeorm';
import { updateRows } from '../common/sql-results';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { EmailOutboxEntity, type EmailStatus } from '../persistence';
import type { RenderedEmail } from './email-templates';

export interface OutgoingEmail {
  brand: string;
  userId: string | null;
  to: string;
  rendered: RenderedEmail;
  /** Where replies go (the sender of a contact form); the From stays EMAIL_FROM. */
  replyTo?: string | null;
  /** POST /email's `o:tag`. */
  tag?: string | null;
}

export interface EmailListFilter {
  start?: number | null;
  limit?: number | null;
  to?: string | null;
  template?: string | null;
  status?: EmailStatus | null;
}

interface ClaimedEmail {
  id: string;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  reply_to: string | null;
  attempts: number;
}

/** How long a dispatcher owns the emails it claimed; another instance takes them over afterwards. */
const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH = 20;

/**
 * The email outbox. Emails are rows written in the same transaction as the change that causes them
 * (no email for a rolled-back registration, none lost after a committed one). Without SMTP_URL they
 * are only captured (visible to staff); with it a dispatcher delivers them through nodemailer,
 * retrying with back-off, and clears the bodies once delivered because their links are credentials.
 */
@Injectable()
export class EmailOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly transporter: Transporter | null;
  private readonly log: AppLogger;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private wakeRequested = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(EmailOutbox.name);
    this.transporter = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  }

  /** True when emails are only captured in the database (no SMTP server configured). */
  get captureOnly(): boolean {
    return this.transporter === null;
  }

  onApplicationBootstrap(): void {
    if (!this.transporter) return;
    this.running = true;
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loop;
    this.transporter?.close();
  }

  /** Writes an email in the caller's transaction. Call `kick()` once that transaction committed. */
  async enqueue(manager: EntityManager, email: OutgoingEmail): Promise<string> {
    const id = randomUUID();
    await manager.insert(EmailOutboxEntity, {
      id,
      brand: email.brand,
      template: email.rendered.template,
      userId: email.userId,
      toAddress: email.to,
      fromAddress: this.config.EMAIL_FROM,
      subject: email.rendered.subject,
      replyTo: email.replyTo ?? null,
      tag: email.tag ?? null,
      textBody: email.rendered.text,
      htmlBody: email.rendered.html,
      status: this.transporter ? 'pending' : 'captured',
      attempts: 0,
      lastError: null,
      nextAttemptAt: null,
      messageId: null,
      createdAt: this.clock.now(),
      sentAt: null,
    });
    return id;
  }

  /**
   * Writes several emails in one statement, in the caller's transaction (a processor's batch): plain
   * SQL over arrays, a fixed thirteen parameters whatever their number (TypeORM's insert bound every
   * column of every email and checked each parameter against all before it, which a storm of outbid
   * emails made some of the busiest code of the server; docs/benchmarks.md).
   */
  async enqueueMany(manager: Pick<EntityManager, 'query'>, emails: OutgoingEmail[]): Promise<void> {
    if (emails.length === 0) return;
    const status: EmailStatus = this.transporter ? 'pending' : 'captured';
    const column = <T>(value: (email: OutgoingEmail) => T): T[] => emails.map(value);
    await manager.query(
      `INSERT INTO identity.email_outbox (id, brand, template, user_id, to_address, from_address, subject, reply_to, tag,
         text_body, html_body, status, attempts, last_error, next_attempt_at, message_id, created_at, sent_at)
       SELECT e.id, e.brand, e.template, e.user_id, e.to_address, $11, e.subject, e.reply_to, e.tag,
              e.text_body, e.html_body, $12, 0, NULL, NULL, NULL, $13, NULL
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
           AS e(id, brand, template, user_id, to_address, subject, reply_to, tag, text_body, html_body)`,
      [
        column(() => randomUUID()),
        column((email) => email.brand),
        column((email) => email.rendered.template),
        column((email) => email.userId),
        column((email) => email.to),
        column((email) => email.rendered.subject),
        column((email) => email.replyTo ?? null),
        column((email) => email.tag ?? null),
        column((email) => email.rendered.text),
        column((email) => email.rendered.html),
        this.config.EMAIL_FROM,
        status,
        this.clock.now(),
      ],
    );
  }

  /** Delivers pending emails now rather than at the next tick. */
  kick(): void {
    this.wakeRequested = true;
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** Whether an email of this template went to this user recently (resend cool-down). */
  async sentRecently(brand: string, userId: string, template: string, withinSeconds: number): Promise<boolean> {
    if (withinSeconds <= 0) return false;
    const since = new Date(this.clock.now().getTime() - withinSeconds * 1000);
    const rows = (await this.db.query(
      `SELECT 1 FROM identity.email_outbox WHERE brand = $1 AND user_id = $2 AND template = $3 AND created_at > $4 LIMIT 1`,
      [brand, userId, template, since],
    )) as unknown[];
    return rows.length > 0;
  }

  async list(brand: string, filter: EmailListFilter): Promise<{ emails: EmailOutboxEntity[]; count: number }> {
    const query = this.db.getRepository(EmailOutboxEntity).createQueryBuilder('e').where('e.brand = :brand', { brand });
    if (filter.to) query.andWhere('e.to_address = :to', { to: filter.to.trim().toLowerCase() });
    if (filter.template) query.andWhere('e.template = :template', { template: filter.template });
    if (filter.status) query.andWhere('e.status = :status', { status: filter.status });
    const start = Math.max(0, filter.start ?? 0);
    const limit = Math.min(Math.max(1, filter.limit ?? 50), 200);
    const [emails, count] = await query
      .orderBy('e.created_at', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .skip(start)
      .take(limit)
      .getManyAndCount();
    return { emails, count };
  }

  /** One delivery pass over the due emails; answers how many were attempted. */
  async deliverDue(): Promise<number> {
    if (!this.transporter) return 0;
    const now = this.clock.now();
    const claimed: unknown = await this.db.query(
      `UPDATE identity.email_outbox SET next_attempt_at = $2
        WHERE id IN (
          SELECT id FROM identity.email_outbox
           WHERE status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
           ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, to_address, from_address, subject, text_body, html_body, reply_to, attempts`,
      [now, new Date(now.getTime() + CLAIM_LEASE_MS)],
    );
    const rows = updateRows<ClaimedEmail>(claimed);
    for (const row of rows) await this.deliver(row);
    return rows.length;
  }

  private async deliver(row: ClaimedEmail): Promise<void> {
    const attempts = row.attempts + 1;
    try {
      const info = (await this.transporter!.sendMail({
        from: row.from_address,
        to: row.to_address,
        subject: row.subject,
        replyTo: row.reply_to ?? undefined,
        text: row.text_body ?? undefined,
        html: row.html_body ?? undefined,
      })) as { messageId?: string };
      await this.db.query(
        `UPDATE identity.email_outbox
            SET status = 'sent', attempts = $2, sent_at = $3, message_id = $4, last_error = NULL,
                next_attempt_at = NULL, text_body = NULL, html_body = NULL
          WHERE id = $1`,
        [row.id, attempts, this.clock.now(), info.messageId ?? null],
      );
      this.log.info('Email delivered', { emailId: row.id, attempts });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = attempts >= this.config.EMAIL_MAX_ATTEMPTS;
      const next = new Date(this.clock.now().getTime() + this.config.EMAIL_RETRY_BASE_MS * 2 ** (attempts - 1));
      await this.db.query(
        `UPDATE identity.email_outbox SET status = $2, attempts = $3, last_error = $4, next_attempt_at = $5 WHERE id = $1`,
        [row.id, giveUp ? 'failed' : 'pending', attempts, message.slice(0, 500), giveUp ? null : next],
      );
      this.log.warn(giveUp ? 'Email delivery failed; giving up' : 'Email delivery failed; will retry', {
        emailId: row.id,
        attempts,
        error: message,
      });
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.deliverDue();
      } catch (error) {
        this.log.error('Email dispatcher pass failed', { error: String(error) });
      }
      await this.sleep(this.config.EMAIL_DISPATCH_INTERVAL_MS);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.wakeRequested || !this.running) {
      this.wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wakeRequested = false;
        resolve();
      };
    });
  }
}
