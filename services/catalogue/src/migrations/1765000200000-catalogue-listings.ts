import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Paddock listings, listing categories with their types and property fields, listing groups. */
export class CatalogueListings1765000200000 implements MigrationInterface {
  name = 'CatalogueListings1765000200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "catalogue"."listing_categories" ("id" uuid NOT NULL, "brand" text NOT NULL, "name" text NOT NULL, "slug" text NOT NULL, "position" integer NOT NULL DEFAULT '0', "types" jsonb NOT NULL DEFAULT '[]', "fields" jsonb NOT NULL DEFAULT '[]', CONSTRAINT "PK_b1f49f7604fc4a4dbf776ba821d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "listing_categories_slug_uq" ON "catalogue"."listing_categories"  ("brand", "slug")`);
    await queryRunner.query(
      `CREATE TABLE "catalogue"."listing_groups" ("id" uuid NOT NULL, "brand" text NOT NULL, "user_id" uuid NOT NULL, "name" text NOT NULL, "description" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_e9acf4c8078051c31934ed7984b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "listing_groups_brand_user_idx" ON "catalogue"."listing_groups"  ("brand", "user_id")`);
    await queryRunner.query(
      `CREATE TABLE "catalogue"."listings" ("id" uuid NOT NULL, "brand" text NOT NULL, "user_id" uuid NOT NULL, "package_id" uuid NOT NULL, "group_id" uuid, "title" text NOT NULL, "slug" text NOT NULL, "category" text NOT NULL, "type" text NOT NULL, "description" text NOT NULL, "excerpt" text, "images" jsonb NOT NULL DEFAULT '[]', "videos" text array NOT NULL DEFAULT '{}', "price_cents" bigint, "poa" boolean NOT NULL DEFAULT false, "currency" text NOT NULL DEFAULT 'USD', "status" text NOT NULL DEFAULT 'PENDING', "address_country" text NOT NULL, "address_state" text, "address_city" text, "seller_type" text NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE, "show_btc_exchange_rate" boolean NOT NULL DEFAULT false, "extra_details" jsonb NOT NULL DEFAULT '{}', "weighting" integer NOT NULL DEFAULT '0', "expiry" TIMESTAMP WITH TIME ZONE, "first_reminder_at" TIMESTAMP WITH TIME ZONE, "second_reminder_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_520ecac6c99ec90bcf5a603cdcb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "listings_slug_uq" ON "catalogue"."listings"  ("brand", "slug")`);
    await queryRunner.query(`CREATE INDEX "listings_brand_user_idx" ON "catalogue"."listings"  ("brand", "user_id", "package_id")`);
    await queryRunner.query(`CREATE INDEX "listings_brand_status_idx" ON "catalogue"."listings"  ("brand", "status", "category", "type")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "catalogue"."listings_brand_status_idx"`);
    await queryRunner.query(`DROP INDEX "catalogue"."listings_brand_user_idx"`);
    await queryRunner.query(`DROP INDEX "catalogue"."listings_slug_uq"`);
    await queryRunner.query(`DROP TABLE "catalogue"."listings"`);
    await queryRunner.query(`DROP INDEX "catalogue"."listing_groups_brand_user_idx"`);
    await queryRunner.query(`DROP TABLE "catalogue"."listing_groups"`);
    await queryRunner.query(`DROP INDEX "catalogue"."listing_categories_slug_uq"`);
    await queryRunner.query(`DROP TABLE "catalogue"."listing_categories"`);
  }
}
