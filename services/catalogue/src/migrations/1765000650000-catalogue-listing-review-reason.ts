import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Why staff declined a listing, which its owner sees (docs/decisions.md "Review queues"). */
export class CatalogueListingReviewReason1765000650000 implements MigrationInterface {
  name = 'CatalogueListingReviewReason1765000650000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" ADD "review_reason" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."listings" DROP COLUMN "review_reason"`);
  }
}
