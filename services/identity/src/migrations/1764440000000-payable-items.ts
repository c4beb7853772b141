import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17, payable items: identity's read model of the catalogue's directory entries and listings
 * (owner, name, page) and, on each payment, the item's name and page when it was created, the
 * owner it was paid for by staff, the card the provider charged and when it was paid. Payments
 * already paid count as paid when they were last updated.
 */
export class PayableItems1764440000000 implements MigrationInterface {
  name = 'PayableItems1764440000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."payable_items" ("brand" text NOT NULL, "item_type" text NOT NULL, "item_id" text NOT NULL, "owner_id" uuid, "name" text NOT NULL, "path" text, "deleted" boolean NOT NULL DEFAULT false, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_6e0f7f88c9d0a466e45aae0476a" PRIMARY KEY ("brand", "item_type", "item_id"))`,
    );
    await queryRunner.query(`ALTER TABLE "identity"."payments" ADD "item_name" text`);
    await queryRunner.query(`ALTER TABLE "identity"."payments" ADD "item_path" text`);
    await queryRunner.query(`ALTER TABLE "identity"."payments" ADD "on_behalf_of" uuid`);
    await queryRunner.query(`ALTER TABLE "identity"."payments" ADD "card_brand" text`);
    await queryRunner.query(`ALTER TABLE "identity"."payments" ADD "card_last4" text`);
    await queryRunner.query(`ALTER TABLE "identity"."payments" ADD "paid_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `UPDATE "identity"."payments" SET "paid_at" = "updated_at" WHERE "status" IN ('PAID', 'FREE') AND "payment_type" <> 'HOLD'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['paid_at', 'card_last4', 'card_brand', 'on_behalf_of', 'item_path', 'item_name'])
      await queryRunner.query(`ALTER TABLE "identity"."payments" DROP COLUMN "${column}"`);
    await queryRunner.query(`DROP TABLE "identity"."payable_items"`);
  }
}
