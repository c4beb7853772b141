import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Promotion codes held per payment (issue 17, defect 4): a redemption is HELD for its open payment
 * until `expires_at`, REDEEMED once that payment is PAID or FREE. Rows of payments that never
 * completed were holds without an end; they expire now, so the sweep frees their codes.
 */
export class PromotionHolds1764420000000 implements MigrationInterface {
  name = 'PromotionHolds1764420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = `"identity"."promotion_redemptions"`;
    await queryRunner.query(`ALTER TABLE ${table} ADD "state" text NOT NULL DEFAULT 'REDEEMED'`);
    await queryRunner.query(`ALTER TABLE ${table} ALTER COLUMN "state" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE ${table} ADD "held_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE ${table} SET "held_at" = "redeemed_at"`);
    await queryRunner.query(`ALTER TABLE ${table} ALTER COLUMN "held_at" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE ${table} ADD "expires_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE ${table} ALTER COLUMN "redeemed_at" DROP NOT NULL`);
    await queryRunner.query(
      `UPDATE ${table} r SET "state" = 'HELD', "redeemed_at" = NULL, "expires_at" = now()
        FROM "identity"."payments" p WHERE p."id" = r."payment_id" AND p."status" NOT IN ('PAID', 'FREE')`,
    );
    await queryRunner.query(`CREATE INDEX "promotion_redemptions_payment_idx" ON ${table} ("payment_id") `);
    await queryRunner.query(`CREATE INDEX "promotion_redemptions_held_idx" ON ${table} ("expires_at") WHERE "state" = 'HELD'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const table = `"identity"."promotion_redemptions"`;
    await queryRunner.query(`DROP INDEX "identity"."promotion_redemptions_held_idx"`);
    await queryRunner.query(`DROP INDEX "identity"."promotion_redemptions_payment_idx"`);
    await queryRunner.query(`UPDATE ${table} SET "redeemed_at" = "held_at" WHERE "redeemed_at" IS NULL`);
    await queryRunner.query(`ALTER TABLE ${table} ALTER COLUMN "redeemed_at" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN "expires_at"`);
    await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN "held_at"`);
    await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN "state"`);
  }
}
