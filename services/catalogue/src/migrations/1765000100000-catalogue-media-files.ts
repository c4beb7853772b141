import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Uploaded files and their image formats. */
export class CatalogueMediaFiles1765000100000 implements MigrationInterface {
  name = 'CatalogueMediaFiles1765000100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "catalogue"."media_files" ("id" uuid NOT NULL, "brand" text NOT NULL, "user_id" uuid, "name" text NOT NULL, "mime" text NOT NULL, "ext" text NOT NULL, "size" integer NOT NULL, "width" integer, "height" integer, "url" text NOT NULL, "storage_key" text NOT NULL, "formats" jsonb NOT NULL DEFAULT '{}', "alternative_text" text, "caption" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_93b4da6741cd150e76f9ac035d8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "media_files_brand_user_idx" ON "catalogue"."media_files"  ("brand", "user_id", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "catalogue"."media_files_brand_user_idx"`);
    await queryRunner.query(`DROP TABLE "catalogue"."media_files"`);
  }
}
