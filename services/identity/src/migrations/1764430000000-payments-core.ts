import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17, payments core: several saved cards per user (an id, the expiry, when it was saved; the
 * existing card of each user keeps working and gets an id), and provider notifications marked
 * processed only after they are applied (a re-delivery of an unprocessed one is applied, a
 * processed one is a replay). Notifications already recorded were applied: they count as processed.
 */
export class PaymentsCore1764430000000 implements MigrationInterface {
  name = 'PaymentsCore1764430000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."payment_webhook_events" ADD "processed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "identity"."payment_webhook_events" SET "processed_at" = "received_at"`);
    await queryRunner.query(`ALTER TABLE "identity"."saved_cards" ADD "id" uuid NOT NULL DEFAULT gen_random_uuid()`);
    await queryRunner.query(`ALTER TABLE "identity"."saved_cards" ALTER COLUMN "id" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "identity"."saved_cards" ADD "exp_month" integer`);
    await queryRunner.query(`ALTER TABLE "identity"."saved_cards" ADD "exp_year" integer`);
    await queryRunner.query(`ALTER TABLE "identity"."saved_cards" ADD "created_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "identity"."saved_cards" SET "created_at" = "updated_at"`);
    await queryRunner.query(`ALTER TABLE "identity"."saved_cards" ALTER COLUMN "created_at" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "identity"."saved_cards" DROP CONSTRAINT "PK_beaac6335b289871987135a7347"`);
    await queryRunner.query(`ALTER TABLE "identity"."saved_cards" ADD CONSTRAINT "PK_00718d0da00daa3aec1e7881cbc" PRIMARY KEY ("id")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "saved_cards_method_uq" ON "identity"."saved_cards" ("brand", "user_id", "adapter", "payment_method_ref")`,
    );
    await queryRunner.query(
      `CREATE INDEX "saved_cards_owner_idx" ON "identity"."saved_cards" ("brand", "user_id", "adapter", "created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."saved_cards_owner_idx"`);
    await queryRunner.query(`DROP INDEX "identity"."saved_cards_method_uq"`);
    // Back to one card per user and adapter: the newest stays.
    await queryRunner.query(
      `DELETE FROM "identity"."saved_cards" old USING "identity"."saved_cards" newer
       WHERE old.brand = newer.brand AND old.user_id = newer.user_id AND old.adapter = newer.adapter
         AND (old.created_at, old.id) < (newer.created_at, newer.id)`,
    );
    await queryRunner.query(`ALTER TABLE "identity"."saved_cards" DROP CONSTRAINT "PK_00718d0da00daa3aec1e7881cbc"`);
    await queryRunner.query(
      `ALTER TABLE "identity"."saved_cards" ADD CONSTRAINT "PK_beaac6335b289871987135a7347" PRIMARY KEY ("brand", "user_id", "adapter")`,
    );
    await queryRunner.query(`ALTER TABLE "identity"."saved_cards" DROP COLUMN "created_at"`);
    await queryRunner.query(`ALTER TABLE "identity"."saved_cards" DROP COLUMN "exp_year"`);
    await queryRunner.query(`ALTER TABLE "identity"."saved_cards" DROP COLUMN "exp_month"`);
    await queryRunner.query(`ALTER TABLE "identity"."saved_cards" DROP COLUMN "id"`);
    await queryRunner.query(`ALTER TABLE "identity"."payment_webhook_events" DROP COLUMN "processed_at"`);
  }
}
