import { Args, Field, GraphQLISODateTime, ID, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { looksLikeCardNumber } from '@trackside/contracts';
import { CurrentBrand, CurrentUser, Staff, type AuthUser } from '@trackside/platform';
import { IDENTITY_TYPES } from '../../graphql/identity-graphql-types';
import { paymentError } from '../card-errors';
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '../payments-config';
import { PaymentSecretsStore } from './payment-secrets.store';
import { hasControlCharacters } from './secret-mask';

const MAX_SECRET_LENGTH = 500;

@ObjectType('PaymentProviderSecrets', IDENTITY_TYPES)
export class PaymentProviderSecretsObject {
  @Field(() => String, { description: 'SQUARE, STRIPE or CRYPTO_DOT_COM.' }) provider: string;
  @Field(() => Boolean, { description: 'Is a secret key (Stripe secret key, Square access token, Crypto.com secret key) stored?' })
  secretKeySet: boolean;
  @Field(() => String, { nullable: true, description: 'The stored secret key, masked (e.g. sk_test_…4242); never the value.' })
  secretKeyMasked: string | null;
  @Field(() => Boolean, { description: 'Is a webhook (notification) secret stored?' }) webhookSecretSet: boolean;
  @Field(() => String, { nullable: true, description: 'The stored webhook secret, masked; never the value.' })
  webhookSecretMasked: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) updatedAt: Date | null;
  @Field(() => ID, { nullable: true, description: 'The staff user who last changed them.' }) updatedBy: string | null;
  @Field(() => String, { nullable: true, description: 'That user’s username.' }) updatedByName: string | null;
}

/**
 * The CMS payment section's provider secrets (docs/payments.md "Per-brand secrets"): write-only.
 * Staff who configure the website (superAdmin or websiteEnabled) read masks and set or clear
 * values; no answer ever carries a value.
 */
@Resolver()
export class PaymentSecretsResolver {
  constructor(private readonly store: PaymentSecretsStore) {}

  @Query(() => [PaymentProviderSecretsObject], { description: "The brand's own provider secrets, masked (superAdmin or websiteEnabled)." })
  @Staff('superAdmin', 'websiteEnabled')
  paymentProviderSecrets(@CurrentBrand() brand: string): Promise<PaymentProviderSecretsObject[]> {
    return this.store.masked(brand, PAYMENT_PROVIDERS);
  }

  @Mutation(() => PaymentProviderSecretsObject, {
    description: 'Sets (a value), clears (an empty string) or keeps (null / omitted) each secret; answers the masks only.',
  })
  @Staff('superAdmin', 'websiteEnabled')
  async updatePaymentProviderSecrets(
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
    @Args('provider', { type: () => String }) provider: string,
    @Args('secretKey', { type: () => String, nullable: true }) secretKey?: string | null,
    @Args('webhookSecret', { type: () => String, nullable: true }) webhookSecret?: string | null,
  ): Promise<PaymentProviderSecretsObject> {
    const name = providerOf(provider);
    await this.store.update(
      brand,
      name,
      { secretKey: checked(secretKey, 'secretKey'), webhookSecret: checked(webhookSecret, 'webhookSecret') },
      user.id,
    );
    const [masked] = await this.store.masked(brand, [name]);
    return masked!;
  }
}

function providerOf(provider: string): PaymentProviderName {
  if (!(PAYMENT_PROVIDERS as readonly string[]).includes(provider))
    throw paymentError('payment.provider.notConfigured', 'invalid', { field: 'provider' });
  return provider as PaymentProviderName;
}

/** A secret as typed: trimmed; a card number, spaces, line breaks or an overlong value are refused (only the field is named). */
function checked(value: string | null | undefined, field: string): string | null | undefined {
  if (value === null || value === undefined) return value;
  const trimmed = value.trim();
  // The whole value is a card number (digits, spaces or dashes): pasted into the wrong field. A
  // provider key that merely contains a digit run is not refused (its digits are not a card).
  if (/^[\d -]{12,25}$/.test(trimmed) && looksLikeCardNumber(trimmed)) {
    throw paymentError('payment.card.rawNumber', 'invalid', { field });
  }
  if (trimmed.length > MAX_SECRET_LENGTH || /\s/.test(trimmed) || hasControlCharacters(trimmed)) {
    throw paymentError('payment.secrets.validation', 'invalid', { field });
  }
  return trimmed;
}
