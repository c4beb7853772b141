import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AUCTION_INPUT_MESSAGES } from '@trackside/contracts';
import { ApiError, CurrentBrand, CurrentUser, Staff, type AuthUser } from '@trackside/platform';
import { FeedService } from '../feed.service';
import { FeedRelayStatusObject, FeedRepublishJobObject, FeedSettingsObject } from './feed.objects';
import { RepublishFeedInput, UpdateFeedSettingsInput } from './feed.inputs';

/**
 * Staff API of the brand event feed (docs/events.md "Staff API"): superAdmin or auctionEnabled,
 * always for the request's brand.
 */
@Resolver()
@Staff('auctionEnabled')
export class FeedResolver {
  constructor(private readonly feed: FeedService) {}

  @Query(() => FeedSettingsObject, { description: "The brand's event feed settings (staff)." })
  feedSettings(@CurrentBrand() brand: string): Promise<FeedSettingsObject> {
    return this.feed.getSettings(brand);
  }

  @Mutation(() => FeedSettingsObject, { description: "Turns the brand's event feed on or off and picks its event types (staff)." })
  updateFeedSettings(
    @Args('input', { type: () => UpdateFeedSettingsInput }) input: UpdateFeedSettingsInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<FeedSettingsObject> {
    if (!input?.data) throw new ApiError('auction.validation', AUCTION_INPUT_MESSAGES.inputDataRequired);
    return this.feed.updateSettings(brand, input.data, user);
  }

  @Query(() => FeedRelayStatusObject, { description: "What the brand's feed relay is doing: place, lag, failures (staff)." })
  feedRelayStatus(@CurrentBrand() brand: string): Promise<FeedRelayStatusObject> {
    return this.feed.status(brand);
  }

  @Mutation(() => FeedRepublishJobObject, {
    description: "Re-publishes the brand's events from a global position or a date, as a bounded job (staff).",
  })
  republishFeed(
    @Args('input', { type: () => RepublishFeedInput }) input: RepublishFeedInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<FeedRepublishJobObject> {
    if (!input?.data) throw new ApiError('auction.validation', AUCTION_INPUT_MESSAGES.inputDataRequired);
    return this.feed.republish(brand, input.data, user);
  }

  @Query(() => [FeedRepublishJobObject], { description: "The brand's re-publish jobs, newest first (staff)." })
  feedRepublishJobs(
    @CurrentBrand() brand: string,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 20 }) limit: number,
  ): Promise<FeedRepublishJobObject[]> {
    return this.feed.jobsOf(brand, limit ?? 20);
  }

  @Query(() => FeedRepublishJobObject, { nullable: true })
  feedRepublishJob(@Args('id', { type: () => ID }) id: string, @CurrentBrand() brand: string): Promise<FeedRepublishJobObject | null> {
    return this.feed.job(brand, id);
  }

  @Mutation(() => FeedRepublishJobObject, { description: 'Stops a waiting or running re-publish job (staff).' })
  cancelFeedRepublish(@Args('id', { type: () => ID }) id: string, @CurrentBrand() brand: string): Promise<FeedRepublishJobObject> {
    return this.feed.cancel(brand, id);
  }
}
