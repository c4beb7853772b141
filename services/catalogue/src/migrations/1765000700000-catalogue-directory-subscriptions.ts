import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Directory plans have a paid period (docs/decisions.md "Directory subscriptions"): its end, the
 * owner's cancel-at-period-end, past due after a failed renewal, and the payments already applied
 * (so the payments follower, which reads the log from the start, extends a period once per payment).
 * Entries paid before this migration keep no period end: their plan runs until cancelled.
 */
export class CatalogueDirectorySubscriptions1765000700000 implements MigrationInterface {
  name = 'CatalogueDirectorySubscriptions1765000700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."directories" ADD "subscription_period_end" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "catalogue"."directories" ADD "subscription_cancel_at_period_end" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "catalogue"."directories" ADD "subscription_past_due" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE INDEX "directories_subscription_period_end_idx" ON "catalogue"."directories" ("subscription_period_end")`,
    );
    await queryRunner.query(
      `CREATE TABLE "catalogue"."directory_subscription_payments" ("payment_key" text NOT NULL, "brand" text NOT NULL, "directory_id" uuid NOT NULL, "outcome" text NOT NULL, "applied_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_c7e8c2b196cc31123e4565f3578" PRIMARY KEY ("payment_key"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "catalogue"."directory_subscription_payments"`);
    await queryRunner.query(`DROP INDEX "catalogue"."directories_subscription_period_end_idx"`);
    await queryRunner.query(`ALTER TABLE "catalogue"."directories" DROP COLUMN "subscription_past_due"`);
    await queryRunner.query(`ALTER TABLE "catalogue"."directories" DROP COLUMN "subscription_cancel_at_period_end"`);
    await queryRunner.query(`ALTER TABLE "catalogue"."directories" DROP COLUMN "subscription_period_end"`);
  }
}
