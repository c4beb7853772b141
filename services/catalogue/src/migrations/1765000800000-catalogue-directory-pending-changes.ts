import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An owner's material change to an approved directory entry, waiting for review (docs/decisions.md "Directory changes after approval"). */
export class CatalogueDirectoryPendingChanges1765000800000 implements MigrationInterface {
  name = 'CatalogueDirectoryPendingChanges1765000800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."directories" ADD "pending_changes" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."directories" DROP COLUMN "pending_changes"`);
  }
}
