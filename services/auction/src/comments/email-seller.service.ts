import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  commentMessageFor,
  isLotOfBrand,
  SELLER_EMAIL_REQUESTED,
  sellerEmailStreamId,
  type SellerEmailRequestedData,
} from '@trackside/contracts';
import { appendInTransaction } from '@trackside/event-store';
import { CLOCK, type Clock, DomainError } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import { LotCommandsService, type CommandContext } from '../lots/lot-commands.service';
import { isUuid } from '../queries/strapi-where';
import { checkSellerEmail, sellerAddressOf } from './email-seller.rules';
import type { EmailOutboxEntity } from './entities';

export interface SellerEmailRequestInput {
  auctionId: string | null;
  subject: unknown;
  body: unknown;
}

/**
 * "Email the seller" (spec 001 sections 2, 5 and 7). The message is recorded in
 * `auction.email_outbox` (template 'general', status 'queued') and handed to identity's email
 * outbox, which delivers it, by the integration event `SellerEmailRequested`. The seller's address
 * comes from the lot's log state and never reaches the sender.
 */
@Injectable()
export class EmailSellerService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly lots: LotCommandsService,
    private readonly events: EventStoreProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async send(input: SellerEmailRequestInput, ctx: CommandContext): Promise<void> {
    const checked = checkSellerEmail({ sender: ctx.actor, subject: input.subject, body: input.body });
    if (!checked.ok) throw new DomainError(checked.code, checked.message);
    const sender = ctx.actor!;
    const notFound = new DomainError('email.invalid.no.auction', commentMessageFor('email.invalid.no.auction'));
    if (!isUuid(input.auctionId)) throw notFound;
    const lotId = input.auctionId.toLowerCase();
    const { state } = await this.lots.current(lotId);
    // The lot page never shows a pending lot; neither does its seller's inbox open to strangers.
    if (state.status === 'Empty' || state.status === 'PENDING') throw notFound;
    if (!isLotOfBrand(state, ctx.brand)) throw notFound;
    // The seller would only write to their own inbox (issue 24 item 7); the lot page hides the button.
    if (state.sellerId === sender.id) throw new DomainError('email.seller.self', commentMessageFor('email.seller.self'));
    const to = sellerAddressOf(state.contactInfo);
    if (!to) throw new DomainError('email.seller.unreachable', commentMessageFor('email.seller.unreachable'));
    const from = sender.username ? `${sender.username} (${checked.replyTo})` : checked.replyTo;
    const emailId = randomUUID();
    const requestedAt = this.clock.now().toISOString();
    const message = {
      header: `A message about your auction: ${state.title}`,
      subheader: checked.subject,
      content: `${checked.body}\n\nFrom ${from}. Reply to this email to answer.`,
    };
    const data: SellerEmailRequestedData = {
      emailId,
      brand: ctx.brand,
      lotId,
      senderId: sender.id,
      to,
      replyTo: checked.replyTo,
      subject: checked.subject,
      ...message,
      requestedAt,
    };
    // The row and its event commit together (docs/decisions.md "Integration events commit with their
    // state change"): a message is never recorded without the event that gets it delivered, nor the other way round.
    await this.db.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO auction.email_outbox (id, brand, "to", reply_to, subject, body, template, variables, status, lot_id, sender_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'general', $7::jsonb, 'queued', $8, $9, $10)`,
        [
          emailId,
          ctx.brand,
          to,
          checked.replyTo,
          checked.subject,
          checked.body,
          JSON.stringify({ ...message, auctionId: lotId, auctionTitle: state.title }),
          lotId,
          sender.id,
          requestedAt,
        ],
      );
      await appendInTransaction(this.events.store, manager, [
        {
          streamId: sellerEmailStreamId(emailId),
          events: [
            {
              type: SELLER_EMAIL_REQUESTED,
              eventId: emailId,
              data,
              metadata: { brand: ctx.brand, actorId: sender.id, occurredAt: requestedAt },
            },
          ],
          expectedVersion: 'no_stream',
        },
      ]);
    });
  }

  /** The brand's queued messages, newest first (staff). */
  async outbox(brand: string, start: number, limit: number): Promise<EmailOutboxEntity[]> {
    const rows = (await this.db.query(
      `SELECT * FROM auction.email_outbox WHERE brand = $1 ORDER BY created_at DESC, id OFFSET $2 LIMIT $3`,
      [brand, start, limit],
    )) as Array<Record<string, unknown>>;
    return rows.map((row) => ({
      id: row.id as string,
      brand: row.brand as string,
      to: row.to as string,
      replyTo: row.reply_to as string,
      subject: row.subject as string,
      body: row.body as string,
      template: row.template as string,
      variables: (row.variables as Record<string, unknown>) ?? {},
      status: row.status as string,
      lotId: row.lot_id as string,
      senderId: row.sender_id as string,
      createdAt: row.created_at as Date,
    }));
  }
}
