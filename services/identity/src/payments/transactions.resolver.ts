import { Args, Field, Float, GraphQLISODateTime, ID, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { InjectDataSource } from '@nestjs/typeorm';
import { CurrentBrand, CurrentUser, SignedIn, type AuthUser } from '@trackside/platform';
import { In, type DataSource } from 'typeorm';
import { isUuid } from '../common/auth-error';
import { IDENTITY_TYPES } from '../graphql/identity-graphql-types';
import { paymentError } from './card-errors';
import { PaymentEntity } from './entities/payment.entity';
import { PayableItemEntity } from './items/payable-item.entity';
import { paidAtOf, periodEndOf, receiptNumberOf } from './items/receipt-facts';
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
  @Field(() => String, {
    nullable: true,
    description:
      'HOLD only: AUTHORIZED, CAPTURED, RELEASED, REFUNDED (captured, then given back: its winning bid was voided after the end) or REAUTH_FAILED (the authorisation could not be renewed).',
  })
  holdState: string | null;
  @Field(() => Float, { description: 'Charged amount, two decimals.' }) amount: number;
  @Field(() => Float, { description: 'Price before the promotion.' }) listPrice: number;
  @Field(() => String) currency: string;
  @Field(() => Boolean) promotionApplied: boolean;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => GraphQLISODateTime) updatedAt: Date;
  @Field(() => String, { nullable: true, description: 'Name of the lot, listing or directory entry when the payment was made.' })
  itemName: string | null;
  @Field(() => String, {
    nullable: true,
    description: "The item's page in the web app (a path such as /auction/lot/<slug>); null when none.",
  })
  itemUrl: string | null;
  @Field(() => Float, { description: 'Promotion discount: list price minus amount, two decimals.' }) discount: number;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When it was paid; null until PAID or FREE.' }) paidAt: Date | null;
  @Field(() => String, { nullable: true, description: 'The card the provider charged (VISA, MASTERCARD, ...), when known.' })
  cardBrand: string | null;
  @Field(() => String, { nullable: true }) cardLast4: string | null;
  @Field(() => String, { nullable: true, description: 'TS-<yyyymmdd>-<id prefix>; null until PAID or FREE.' }) receiptNumber: string | null;
  @Field(() => ID, { nullable: true, description: "Staff paid for another user's item: the item owner's id." }) onBehalfOf: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'MONTHLY / YEARLY: the end of the period this payment paid for.' })
  periodEnd: Date | null;
}

@ObjectType('TransactionsResult', IDENTITY_TYPES)
export class TransactionsResultObject {
  @Field(() => [TransactionObject]) transactions: TransactionObject[];
  @Field(() => Int) count: number;
}

@Resolver(() => TransactionObject)
export class TransactionsResolver {
  constructor(
    private readonly payments: PaymentsService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

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
      throw paymentError('payment.validation', 'invalid', { field: start !== null && from < 0 ? 'start' : 'limit' });
    const page = await this.payments.transactions(user.id, brand, from, size);
    const items = await this.currentItems(brand, page.rows);
    return { transactions: page.rows.map((row) => toTransaction(row, items)), count: page.count };
  }

  @Query(() => TransactionObject, {
    nullable: true,
    description: "One of the signed-in user's own payments in this brand (the printable receipt); another user's answers payment.notFound.",
  })
  @SignedIn()
  async myTransaction(
    @Args('id', { type: () => ID }) id: string,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<TransactionObject> {
    const row = isUuid(id) ? await this.db.getRepository(PaymentEntity).findOneBy({ id, brand, userId: user.id }) : null;
    if (!row) throw paymentError('payment.notFound', 'not-found');
    return toTransaction(row, await this.currentItems(brand, [row]));
  }

  /**
   * The rows' directory entries and listings as they are now: a renamed entry's page moves with its
   * name, and payments made before names were recorded get the current name.
   */
  private async currentItems(brand: string, rows: PaymentEntity[]): Promise<CurrentItems> {
    const ids = rows.filter((row) => row.itemType === 'DIRECTORY' || row.itemType === 'LISTING').map((row) => row.itemId);
    if (ids.length === 0) return new Map();
    const items = await this.db.getRepository(PayableItemEntity).findBy({ brand, itemId: In([...new Set(ids)]) });
    return new Map(items.map((item) => [`${item.itemType}:${item.itemId}`, item]));
  }
}

type CurrentItems = Map<string, Pick<PayableItemEntity, 'name' | 'path'>>;

function toTransaction(row: PaymentEntity, currentItems: CurrentItems): TransactionObject {
  const current = currentItems.get(`${row.itemType}:${row.itemId}`);
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
    itemName: row.itemName ?? current?.name ?? null,
    itemUrl: current?.path ?? row.itemPath,
    discount: centsToAmount(Math.max(0, row.listPriceCents - row.amountCents)),
    paidAt: paidAtOf(row),
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    receiptNumber: receiptNumberOf(row),
    onBehalfOf: row.onBehalfOf,
    periodEnd: periodEndOf(row),
  };
}
