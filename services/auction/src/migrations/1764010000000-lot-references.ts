import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a lot may reference (issue 18, L9; docs/decisions.md "createAuction input checks"): the
 * catalogue's uploads (brand and uploader) and pricing packages (brand, type, enabled), kept by
 * LotReferencesProcessor from the log. No entity: only that processor and LotReferences use them.
 */
export class LotReferences1764010000000 implements MigrationInterface {
  name = 'LotReferences1764010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "auction"."upload_refs" ("upload_id" uuid NOT NULL, "brand" text NOT NULL, "user_id" uuid, CONSTRAINT "upload_refs_pkey" PRIMARY KEY ("upload_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "auction"."package_refs" ("brand" text NOT NULL, "package_id" text NOT NULL, "type" text NOT NULL, "enabled" boolean NOT NULL, CONSTRAINT "package_refs_pkey" PRIMARY KEY ("brand", "package_id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auction"."package_refs"`);
    await queryRunner.query(`DROP TABLE "auction"."upload_refs"`);
  }
}
