import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CENTS } from './cents.transformer';

/** One payment attempt (a row per provider intent/charge), the dashboard's transactions. */
@Entity({ schema: 'identity', name: 'payments' })
@Index('payments_brand_idempotency_uq', ['brand', 'idempotencyKey'], { unique: true })
@Index('payments_open_uq', ['brand', 'userId', 'itemType', 'itemId', 'paymentType'], {
  unique: true,
  where: `"status" IN ('UNPAID', 'PENDING', 'REQUIRES_ACTION')`,
})
@Index('payments_user_created_idx', ['brand', 'userId', 'createdAt'])
@Index('payments_provider_ref_idx', ['adapter', 'providerRef'])
@Index('payments_item_idx', ['itemType', 'itemId', 'paymentType'])
export class PaymentEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  brand: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text', { name: 'item_type' })
  itemType: string;

  @Column('text', { name: 'item_id' })
  itemId: string;

  @Column('text', { name: 'package_id', nullable: true })
  packageId: string | null;

  @Column('text', { name: 'payment_type' })
  paymentType: string;

  /** SQUARE, STRIPE or CRYPTO_DOT_COM (what the brand configured). */
  @Column('text')
  provider: string;

  /** sandbox, stripe, square or crypto.com (the adapter that ran it). */
  @Column('text')
  adapter: string;

  @Column('text')
  status: string;

  /** AUTHORIZED, CAPTURED or RELEASED for HOLD payments. */
  @Column('text', { name: 'hold_state', nullable: true })
  holdState: string | null;

  /** When the hold was (last) authorised at the provider; the re-authorisation sweep reads it. */
  @Column('timestamptz', { name: 'hold_authorized_at', nullable: true })
  holdAuthorizedAt: Date | null;

  @Column('bigint', { name: 'amount_cents', transformer: CENTS })
  amountCents: number;

  @Column('bigint', { name: 'list_price_cents', transformer: CENTS })
  listPriceCents: number;

  @Column('text')
  currency: string;

  @Column('uuid', { name: 'promotion_id', nullable: true })
  promotionId: string | null;

  @Column('text', { name: 'provider_ref', nullable: true })
  providerRef: string | null;

  @Column('text', { name: 'client_secret', nullable: true })
  clientSecret: string | null;

  @Column('text', { name: 'idempotency_key' })
  idempotencyKey: string;

  @Column('integer')
  attempt: number;

  @Column('text', { name: 'failure_code', nullable: true })
  failureCode: string | null;

  /** The item's name and web page when the payment was created (receipts, transactions; issue 17). */
  @Column('text', { name: 'item_name', nullable: true })
  itemName: string | null;

  @Column('text', { name: 'item_path', nullable: true })
  itemPath: string | null;

  /** Staff paid for another user's item: the item owner's id (docs/payments.md "Payable items"). */
  @Column('uuid', { name: 'on_behalf_of', nullable: true })
  onBehalfOf: string | null;

  /** The card the provider charged, when it tells (receipts). */
  @Column('text', { name: 'card_brand', nullable: true })
  cardBrand: string | null;

  @Column('text', { name: 'card_last4', nullable: true })
  cardLast4: string | null;

  /** When it became PAID or FREE (the PaymentSucceeded instant); null for holds and unpaid attempts. */
  @Column('timestamptz', { name: 'paid_at', nullable: true })
  paidAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
