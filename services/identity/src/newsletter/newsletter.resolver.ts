import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { CurrentBrand, CurrentUser, Staff, type AuthUser } from '@trackside/platform';
import { StaffUsersService } from '../staff/staff-users.service';
import { NewsletterSubscriberObject, NewsletterSubscribersResultObject } from './newsletter-subscriber.object';
import { NewsletterService } from './newsletter.service';

/** The back office's list of newsletter sign-ups (staff with manageUsers), newest first. */
@Resolver(() => NewsletterSubscriberObject)
export class NewsletterResolver {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly staff: StaffUsersService,
  ) {}

  @Query(() => NewsletterSubscribersResultObject, { description: 'Staff (manageUsers): the brand’s newsletter subscribers.' })
  @Staff('manageUsers')
  async newsletterSubscribers(
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<NewsletterSubscribersResultObject> {
    await this.staff.requireStaff(brand, actor, 'manageUsers');
    const page = await this.newsletter.list(brand, start, limit);
    return {
      subscribers: page.subscribers.map((row) => ({ id: row.id, email: row.email, name: row.name, created_at: row.createdAt })),
      count: page.count,
    };
  }
}
