import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Media articles. */
export class CatalogueMediaArticles1765000300000 implements MigrationInterface {
  name = 'CatalogueMediaArticles1765000300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "catalogue"."media_articles" ("id" uuid NOT NULL, "brand" text NOT NULL, "slug" text NOT NULL, "title" text NOT NULL, "excerpt" text, "content" text NOT NULL, "image" jsonb, "category" text NOT NULL, "tags" text array NOT NULL DEFAULT '{}', "author" text, "published_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_cb206c0813fcc06bef19f66e423" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "media_articles_brand_category_idx" ON "catalogue"."media_articles"  ("brand", "category", "published_at")`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "media_articles_slug_uq" ON "catalogue"."media_articles"  ("brand", "slug")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "catalogue"."media_articles_slug_uq"`);
    await queryRunner.query(`DROP INDEX "catalogue"."media_articles_brand_category_idx"`);
    await queryRunner.query(`DROP TABLE "catalogue"."media_articles"`);
  }
}
