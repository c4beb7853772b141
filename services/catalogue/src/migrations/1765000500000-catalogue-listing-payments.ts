import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Listings on a paid package wait for their payment (docs/decisions.md "Paid listing packages"):
 * payment_status FREE, UNPAID or PAID, and the identity payment that paid it. Listings created
 * before this migration were accepted without payment and stay FREE (the column default).
 */
export class CatalogueListingPayments1765000500000 implements MigrationInterface {
  name = 'CatalogueListingPayments1765000500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" ADD "payment_status" text NOT NULL DEFAULT 'FREE'`);
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" ADD "payment_id" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" DROP COLUMN "payment_id"`);
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" DROP COLUMN "payment_status"`);
  }
}
