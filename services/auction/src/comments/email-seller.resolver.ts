import { CommandBus } from '@nestjs/cqrs';
import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { COMMENT_SUCCESS_MESSAGES } from '@trackside/contracts';
import { CurrentBrand, CurrentUser, Public, Staff, type AuthUser } from '@trackside/platform';
import { context } from '../lots/lot-mutations.resolver';
import { pageOf } from './comment-queries.service';
import { AuctionEmailOutboxMessage, EmailSellerInput, EmailSellerPayload } from './email-seller.graphql';
import { SendSellerEmailCommand } from './comment-commands';
import { EmailSellerService } from './email-seller.service';

@Resolver()
export class EmailSellerResolver {
  constructor(
    private readonly email: EmailSellerService,
    private readonly commands: CommandBus,
  ) {}

  @Mutation(() => EmailSellerPayload, {
    description: "Emails the lot's seller (queued). Visitors get 'Must be logged in to send email.' (email.login.required).",
  })
  @Public()
  async emailSeller(
    @Args('input', { type: () => EmailSellerInput, nullable: true }) input: EmailSellerInput | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<EmailSellerPayload> {
    await this.commands.execute(
      new SendSellerEmailCommand({ auctionId: input?.auctionId ?? null, subject: input?.subject, body: input?.body }, context(brand, user)),
    );
    return { success: true, message: COMMENT_SUCCESS_MESSAGES.emailSent };
  }

  @Query(() => [AuctionEmailOutboxMessage], { description: "Messages to sellers queued by this brand's users, newest first (staff)." })
  @Staff('auctionEnabled')
  async auctionEmailOutbox(
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @CurrentBrand() brand: string,
  ): Promise<AuctionEmailOutboxMessage[]> {
    const page = pageOf(start, limit, 50, 200);
    const rows = await this.email.outbox(brand, page.offset, page.limit);
    return rows.map((row) => ({
      id: row.id,
      to: row.to,
      replyTo: row.replyTo,
      subject: row.subject,
      body: row.body,
      template: row.template,
      status: row.status,
      auctionId: row.lotId,
      senderId: row.senderId,
      created_at: row.createdAt,
    }));
  }
}
