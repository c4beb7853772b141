import { Field, GraphQLISODateTime, ID, ObjectType } from '@nestjs/graphql';
import { IDENTITY_TYPES } from '../graphql/identity-graphql-types';

/** One in-app notification of the signed-in user (issue 21). */
@ObjectType('Notification', IDENTITY_TYPES)
export class NotificationObject {
  @Field(() => ID) id: string;
  @Field(() => String, { description: 'OUTBID, WATCHED_LIVE, ENDING_SOON, WON, LOST or LOT_ENDED.' }) kind: string;
  @Field(() => ID) lotId: string;
  @Field(() => String) title: string;
  @Field(() => String) body: string;
  @Field(() => String, { description: 'The lot page, a path of the brand’s site.' }) link: string;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => Boolean) read: boolean;
}

/** Whether a kind of notification is shown in the app and sent by email. */
@ObjectType('NotificationPreference', IDENTITY_TYPES)
export class NotificationPreferenceObject {
  @Field(() => String) kind: string;
  @Field(() => String) label: string;
  @Field(() => Boolean) inApp: boolean;
  @Field(() => Boolean) email: boolean;
}

/** The answer to an unsubscribe link: ok false for a token that is not (or no longer) valid. */
@ObjectType('NotificationUnsubscribeResult', IDENTITY_TYPES)
export class NotificationUnsubscribeResultObject {
  @Field(() => Boolean) ok: boolean;
  @Field(() => String, { nullable: true }) kind: string | null;
  @Field(() => String, { nullable: true }) label: string | null;
}
