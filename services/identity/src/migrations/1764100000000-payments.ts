import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Payments, saved cards, provider webhook receipts, package prices, promotions, coupons and redemptions. */
export class Payments1764100000000 implements MigrationInterface {
  name = 'Payments1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."coupons" ("id" uuid NOT NULL, "brand" text NOT NULL, "name" text NOT NULL, "percent_off" integer, "amount_off_cents" bigint, "currency" text NOT NULL DEFAULT 'USD', "active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_d7ea8864a0150183770f3e9a8cb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "coupons_brand_idx" ON "identity"."coupons"  ("brand")`);
    await queryRunner.query(
      `CREATE TABLE "identity"."promotion_redemptions" ("id" uuid NOT NULL, "brand" text NOT NULL, "promotion_id" uuid NOT NULL, "user_id" uuid NOT NULL, "payment_id" uuid NOT NULL, "redeemed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_17e98da71097f78ff330df148f7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "promotion_redemptions_user_uq" ON "identity"."promotion_redemptions"  ("promotion_id", "user_id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."promotions" ("id" uuid NOT NULL, "brand" text NOT NULL, "code" text NOT NULL, "code_key" text NOT NULL, "pricing_package_id" text, "coupon_id" uuid, "is_free" boolean NOT NULL DEFAULT false, "max_redemptions" integer, "times_redeemed" integer NOT NULL DEFAULT '0', "active" boolean NOT NULL DEFAULT true, "expires_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_380cecbbe3ac11f0e5a7c452c34" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "promotions_brand_code_uq" ON "identity"."promotions"  ("brand", "code_key")`);
    await queryRunner.query(
      `CREATE TABLE "identity"."payment_webhook_events" ("adapter" text NOT NULL, "event_id" text NOT NULL, "kind" text NOT NULL, "provider_ref" text, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_08741b57975ee2337db6bb0a75a" PRIMARY KEY ("adapter", "event_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."payments" ("id" uuid NOT NULL, "brand" text NOT NULL, "user_id" uuid NOT NULL, "item_type" text NOT NULL, "item_id" text NOT NULL, "package_id" text, "payment_type" text NOT NULL, "provider" text NOT NULL, "adapter" text NOT NULL, "status" text NOT NULL, "hold_state" text, "amount_cents" bigint NOT NULL, "list_price_cents" bigint NOT NULL, "currency" text NOT NULL, "promotion_id" uuid, "provider_ref" text, "client_secret" text, "idempotency_key" text NOT NULL, "attempt" integer NOT NULL, "failure_code" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_197ab7af18c93fbb0c9b28b4a59" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "payments_item_idx" ON "identity"."payments"  ("item_type", "item_id", "payment_type")`);
    await queryRunner.query(`CREATE INDEX "payments_provider_ref_idx" ON "identity"."payments"  ("adapter", "provider_ref")`);
    await queryRunner.query(`CREATE INDEX "payments_user_created_idx" ON "identity"."payments"  ("brand", "user_id", "created_at")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "payments_open_uq" ON "identity"."payments"  ("brand", "user_id", "item_type", "item_id", "payment_type") WHERE "status" IN ('UNPAID', 'PENDING', 'REQUIRES_ACTION')`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "payments_brand_idempotency_uq" ON "identity"."payments"  ("brand", "idempotency_key")`);
    await queryRunner.query(
      `CREATE TABLE "identity"."pricing_package_prices" ("brand" text NOT NULL, "package_id" text NOT NULL, "title" text NOT NULL, "type" text NOT NULL, "currency" text NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "is_free" boolean NOT NULL DEFAULT false, "one_time_cents" bigint, "monthly_cents" bigint, "yearly_cents" bigint, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_658beff2024804268a6a75218d4" PRIMARY KEY ("brand", "package_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."saved_cards" ("brand" text NOT NULL, "user_id" uuid NOT NULL, "adapter" text NOT NULL, "customer_ref" text NOT NULL, "payment_method_ref" text NOT NULL, "card_brand" text NOT NULL, "last4" text NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_beaac6335b289871987135a7347" PRIMARY KEY ("brand", "user_id", "adapter"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."saved_cards"`);
    await queryRunner.query(`DROP TABLE "identity"."pricing_package_prices"`);
    await queryRunner.query(`DROP INDEX "identity"."payments_brand_idempotency_uq"`);
    await queryRunner.query(`DROP INDEX "identity"."payments_open_uq"`);
    await queryRunner.query(`DROP INDEX "identity"."payments_user_created_idx"`);
    await queryRunner.query(`DROP INDEX "identity"."payments_provider_ref_idx"`);
    await queryRunner.query(`DROP INDEX "identity"."payments_item_idx"`);
    await queryRunner.query(`DROP TABLE "identity"."payments"`);
    await queryRunner.query(`DROP TABLE "identity"."payment_webhook_events"`);
    await queryRunner.query(`DROP INDEX "identity"."promotions_brand_code_uq"`);
    await queryRunner.query(`DROP TABLE "identity"."promotions"`);
    await queryRunner.query(`DROP INDEX "identity"."promotion_redemptions_user_uq"`);
    await queryRunner.query(`DROP TABLE "identity"."promotion_redemptions"`);
    await queryRunner.query(`DROP INDEX "identity"."coupons_brand_idx"`);
    await queryRunner.query(`DROP TABLE "identity"."coupons"`);
  }
}
