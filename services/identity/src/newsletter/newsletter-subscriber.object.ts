import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { IDENTITY_TYPES } from '../graphql/identity-graphql-types';

/** A newsletter sign-up as staff see it. */
@ObjectType('NewsletterSubscriber', IDENTITY_TYPES)
export class NewsletterSubscriberObject {
  @Field(() => ID) id: string;
  @Field(() => String) email: string;
  @Field(() => String, { nullable: true }) name: string | null;
  @Field(() => GraphQLISODateTime) created_at: Date;
}

@ObjectType('NewsletterSubscribersResult', IDENTITY_TYPES)
export class NewsletterSubscribersResultObject {
  @Field(() => [NewsletterSubscriberObject]) subscribers: NewsletterSubscriberObject[];
  @Field(() => Int) count: number;
}
