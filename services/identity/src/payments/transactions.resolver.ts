import { Args, Field, Float, GraphQLISODateTime, ID, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { CurrentBrand, CurrentUser, SignedIn, type AuthUser } from '@trackside/platform';
import { IDENTITY_TYPES } from '../graphql/identity-graphql-types';
import { paymentError } from './card-errors';
import type { PaymentEntity } from './entities/payment.entity';
import { centsToAmount } from './payment-values';
import { PaymentsService } from './payments.service';

/** One payment of the signed-in user, as the dashboard's transactions page lists it (spec 002: shapes not shown). */
@ObjectType('Transaction', IDENTITY_TYPES)
export class TransactionObject {
  @Field(() => ID) id: string;
  @Field(() => String, { description: 'AUCTION, BID, LISTING or DIRECTORY.' }) itemType: string;
  @Field(() => ID) itemId: string;
  @Field(() => ID, { nullable: true }) packageId: string | null;
  @Field(() => String, { description: 'HOLD, ONE_TIME, MONTHLY or YEARLY.' }) paymentType: string;
  @Field(() => String, { description: 'SQUARE, STRIPE or CRYPTO_DOT_COM.' }) paymentProvider: string;
  @Field(() => String, { description: 'FREE, PAID, UNPAID, PENDING, FAILED_PAYMENT, CANCELED or REQUIRES_ACTION.' }) status: string;
  @Field(() => String, { nullable: true, description: 'HOLD only: AUTHORIZED, CAPTURED or RELEASED.' }) holdState: string | null;
  @Field(() => Float, { description: 'Charged amount, two decimals.' }) amount: number;
  @Field(() => Float, { description: 'Price before the promotion.' }) listPrice: number;
  @Field(() => String) currency: string;
  @Field(() => Boolean) promotionApplied: boolean;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => GraphQLISODateTime) updatedAt: Date;
}

@ObjectType('TransactionsResult', IDENTITY_TYPES)
export class TransactionsResultObject {
  @Field(() => [TransactionObject]) transactions: TransactionObject[];
  @Field(() => Int) count: number;
}

@Resolver(() => TransactionObject)
export class TransactionsResolver {
  constructor(private readonly payments: PaymentsService) {}

  @Query(() => TransactionsResultObject, {
    description: "The signed-in user's payments in this brand, newest first (dashboard transactions).",
  })
  @SignedIn()
  async myTransactions(
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<TransactionsResultObject> {
    const from = start ?? 0;
    const size = limit ?? 50;
    if (from < 0 || size < 1 || size > 100)
      throw paymentError('payment.validation', 400, { field: start !== null && from < 0 ? 'start' : 'limit' });
    const page = await this.payments.transactions(user.id, brand, from, size);
    return { transactions: page.rows.map(toTransaction), count: page.count };
  }
}

function toTransaction(row: PaymentEntity): TransactionObject {
  return {
    id: row.id,
    itemType: row.itemType,
    itemId: row.itemId,
    packageId: row.packageId,
    paymentType: row.paymentType,
    paymentProvider: row.provider,
    status: row.status,
    holdState: row.holdState,
    amount: centsToAmount(row.amountCents),
    listPrice: centsToAmount(row.listPriceCents),
    currency: row.currency,
    promotionApplied: row.promotionId !== null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
