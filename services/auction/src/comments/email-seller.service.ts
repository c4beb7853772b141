import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { commentMessageFor } from '@trackside/contracts';
import { ApiError } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '../infrastructure/clock';
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
 * "Email the seller" (spec 001 sections 2, 5 and 7). Identity's email outbox does not exist yet,
 * so the message is queued in `auction.email_outbox` (template 'general', status 'queued') for it
 * to deliver later. The seller's address comes from the lot's log state and never reaches the sender.
 */
@Injectable()
export class EmailSellerService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly lots: LotCommandsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async send(input: SellerEmailRequestInput, ctx: CommandContext): Promise<void> {
    const checked = checkSellerEmail({ sender: ctx.actor, subject: input.subject, body: input.body });
    if (!checked.ok) throw new ApiError(checked.code, checked.message);
    const sender = ctx.actor!;
    const notFound = new ApiError('email.invalid.no.auction', commentMessageFor('email.invalid.no.auction'));
    if (!isUuid(input.auctionId)) throw notFound;
    const lotId = input.auctionId.toLowerCase();
    const { state } = await this.lots.current(lotId);
    // The lot page never shows a pending lot; neither does its seller's inbox open to strangers.
    if (state.status === 'Empty' || state.status === 'PENDING') throw notFound;
    if (state.brand !== ctx.brand && !state.hosts.includes(ctx.brand)) throw notFound;
    const to = sellerAddressOf(state.contactInfo);
    if (!to) throw new ApiError('email.seller.unreachable', commentMessageFor('email.seller.unreachable'));
    const from = sender.username ? `${sender.username} (${checked.replyTo})` : checked.replyTo;
    // One statement, so one transaction: the message is queued whole or not at all.
    await this.db.query(
      `INSERT INTO auction.email_outbox (id, brand, "to", reply_to, subject, body, template, variables, status, lot_id, sender_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'general', $7::jsonb, 'queued', $8, $9, $10)`,
      [
        randomUUID(),
        ctx.brand,
        to,
        checked.replyTo,
        checked.subject,
        checked.body,
        JSON.stringify({
          header: `A message about your auction: ${state.title}`,
          subheader: checked.subject,
          content: `${checked.body}\n\nFrom ${from}. Reply to this email to answer.`,
          auctionId: lotId,
          auctionTitle: state.title,
        }),
        lotId,
        sender.id,
        this.clock.now().toISOString(),
      ],
    );
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
