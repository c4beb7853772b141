import { AUCTION_TYPES } from '../../graphql/auction-graphql-types';
import { Field, GraphQLISODateTime, InputType } from '@nestjs/graphql';

@InputType('FeedSettingsInput', AUCTION_TYPES)
export class FeedSettingsInput {
  @Field(() => Boolean, { nullable: true }) enabled?: boolean | null;
  @Field(() => [String], { nullable: true, description: 'Event types to publish; null = all (including later ones); omit to keep.' })
  eventTypes?: string[] | null;
}

@InputType('updateFeedSettingsInput', AUCTION_TYPES)
export class UpdateFeedSettingsInput {
  @Field(() => FeedSettingsInput) data: FeedSettingsInput;
}

@InputType('FeedRepublishInput', AUCTION_TYPES)
export class FeedRepublishInput {
  @Field(() => String, { nullable: true, description: 'Re-publish events at or after this global position (decimal text).' })
  fromPosition?: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Re-publish events appended at or after this instant.' })
  fromDate?: Date | null;
}

@InputType('republishFeedInput', AUCTION_TYPES)
export class RepublishFeedInput {
  @Field(() => FeedRepublishInput) data: FeedRepublishInput;
}
