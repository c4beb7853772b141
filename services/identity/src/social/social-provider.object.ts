import { Field, GraphQLISODateTime, InputType, ObjectType } from '@nestjs/graphql';
import { IDENTITY_TYPES } from '../graphql/identity-graphql-types';

/** A brand's social sign-in provider as staff see it. The client secret is never returned. */
@ObjectType('SocialProvider', IDENTITY_TYPES)
export class SocialProviderObject {
  @Field(() => String, { description: 'The {provider} of /connect/{provider} and /auth/{provider}/callback.' }) provider: string;
  @Field(() => String) displayName: string;
  @Field(() => String, { nullable: true, description: 'OpenID Connect issuer (endpoints by discovery).' }) issuer: string | null;
  @Field(() => String, { nullable: true }) authorizationEndpoint: string | null;
  @Field(() => String, { nullable: true }) tokenEndpoint: string | null;
  @Field(() => String, { nullable: true }) userinfoEndpoint: string | null;
  @Field(() => String) clientId: string;
  @Field(() => Boolean, { description: 'Whether a client secret is stored (it is never shown).' }) hasClientSecret: boolean;
  @Field(() => String) scopes: string;
  @Field(() => Boolean) enabled: boolean;
  @Field(() => String, { description: 'The redirect URI to register at the provider.' }) redirectUri: string;
  @Field(() => GraphQLISODateTime) updated_at: Date;
}

/** What the sign-in dialog needs to show a provider's button. */
@ObjectType('SocialProviderButton', IDENTITY_TYPES)
export class SocialProviderButtonObject {
  @Field(() => String) provider: string;
  @Field(() => String) displayName: string;
  @Field(() => String, { description: 'Where the button sends the browser (GET /connect/{provider}).' }) connectUrl: string;
}

@InputType('SocialProviderInput', IDENTITY_TYPES)
export class SocialProviderInput {
  @Field(() => String) provider: string;
  @Field(() => String, { nullable: true }) displayName?: string | null;
  @Field(() => String, { nullable: true }) issuer?: string | null;
  @Field(() => String, { nullable: true }) authorizationEndpoint?: string | null;
  @Field(() => String, { nullable: true }) tokenEndpoint?: string | null;
  @Field(() => String, { nullable: true }) userinfoEndpoint?: string | null;
  @Field(() => String, { nullable: true }) clientId?: string | null;
  @Field(() => String, { nullable: true, description: 'Write-only. Absent keeps the stored secret; "" removes it.' })
  clientSecret?: string | null;
  @Field(() => String, { nullable: true, description: 'Space-separated; default "openid email profile".' }) scopes?: string | null;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean | null;
}
