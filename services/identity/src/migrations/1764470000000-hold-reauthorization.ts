import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17 follow-up: when a bid hold was (last) authorised at the provider, so the sweep can
 * authorise it again before the card authorisation lapses (docs/payments.md "Re-authorising held
 * cards"). Holds authorised before this migration count from their last change.
 */
export class HoldReauthorization1764470000000 implements MigrationInterface {
  name = 'HoldReauthorization1764470000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."payments" ADD "hold_authorized_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `UPDATE "identity"."payments" SET "hold_authorized_at" = "updated_at" WHERE "payment_type" = 'HOLD' AND "hold_state" = 'AUTHORIZED'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."payments" DROP COLUMN "hold_authorized_at"`);
  }
}
