import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff remedies (docs/decisions.md "Staff remedies"): a voided bid stays in `bids`, marked with
 * when, by whom and why; a relisted lot counts its rounds and remembers the stream version its
 * current round started at, so bids of earlier rounds (lot_version at or below it) leave the
 * public bid lists without being deleted.
 */
export class StaffRemedies1763985000000 implements MigrationInterface {
  name = 'StaffRemedies1763985000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auction"."bids" ADD "voided_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "auction"."bids" ADD "voided_by" text`);
    await queryRunner.query(`ALTER TABLE "auction"."bids" ADD "void_reason" text`);
    await queryRunner.query(`ALTER TABLE "auction"."lots" ADD "round" integer NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE "auction"."lots" ADD "round_start_version" integer NOT NULL DEFAULT '0'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auction"."lots" DROP COLUMN "round_start_version"`);
    await queryRunner.query(`ALTER TABLE "auction"."lots" DROP COLUMN "round"`);
    await queryRunner.query(`ALTER TABLE "auction"."bids" DROP COLUMN "void_reason"`);
    await queryRunner.query(`ALTER TABLE "auction"."bids" DROP COLUMN "voided_by"`);
    await queryRunner.query(`ALTER TABLE "auction"."bids" DROP COLUMN "voided_at"`);
  }
}
