import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { IDENTITY_TYPES } from './identity-graphql-types';

/** An email of the outbox, as staff see it in the back office. */
@ObjectType('EmailMessage', IDENTITY_TYPES)
export class EmailMessageObject {
  @Field(() => ID) id: string;
  @Field(() => String) template: string;
  @Field(() => String) to: string;
  @Field(() => String) from: string;
  @Field(() => String) subject: string;
  @Field(() => String, { nullable: true, description: 'Where replies go (a contact form’s sender).' }) replyTo: string | null;
  @Field(() => String, { nullable: true, description: 'The sender’s tag (POST /email o:tag).' }) tag: string | null;
  @Field(() => String, { nullable: true, description: 'Cleared once delivered.' }) text: string | null;
  @Field(() => String, { nullable: true, description: 'Cleared once delivered.' }) html: string | null;
  @Field(() => String, { description: 'captured, pending, sent or failed.' }) status: string;
  @Field(() => Int) attempts: number;
  @Field(() => String, { nullable: true }) lastError: string | null;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => GraphQLISODateTime, { nullable: true }) sentAt: Date | null;
}

@ObjectType('EmailMessagesResult', IDENTITY_TYPES)
export class EmailMessagesResultObject {
  @Field(() => [EmailMessageObject]) emails: EmailMessageObject[];
  @Field(() => Int) count: number;
}
