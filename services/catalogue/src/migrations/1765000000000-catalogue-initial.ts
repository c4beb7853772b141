import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Brand configuration, FAQs, payment configuration, content documents, pricing packages, directory entries and bookmarks. */
export class CatalogueInitial1765000000000 implements MigrationInterface {
  name = 'CatalogueInitial1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "catalogue"."brand_configurations" ("brand" text NOT NULL, "settings" jsonb NOT NULL DEFAULT '{}', "theme" jsonb NOT NULL DEFAULT '{}', "updated_by" uuid, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_5742f40ce6980d32409baa90ca1" PRIMARY KEY ("brand"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "catalogue"."content_documents" ("brand" text NOT NULL, "kind" text NOT NULL, "slug" text NOT NULL, "data" jsonb NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_17e21aacfc018786df703cf9b41" PRIMARY KEY ("brand", "kind", "slug"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "catalogue"."directory_bookmarks" ("id" uuid NOT NULL, "brand" text NOT NULL, "directory_id" uuid NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_c7bfca83d77ee959069de728079" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "directory_bookmarks_uq" ON "catalogue"."directory_bookmarks"  ("brand", "user_id", "directory_id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "catalogue"."directories" ("id" uuid NOT NULL, "brand" text NOT NULL, "user_id" uuid, "status" text NOT NULL DEFAULT 'pending', "featured" boolean NOT NULL DEFAULT false, "name" text NOT NULL, "category" text NOT NULL, "address_country" text NOT NULL, "address_state" text NOT NULL, "address_city" text NOT NULL, "address_postal" text, "address_street1" text, "address_street2" text, "hours_of_operation" jsonb, "website" text, "phone" text, "email" text, "keywords" text array NOT NULL DEFAULT '{}', "social_links" jsonb NOT NULL DEFAULT '{}', "video_url" text, "image" jsonb, "active_subscription" boolean NOT NULL DEFAULT false, "package_id" uuid, "claim_key" text, "review_reason" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_d9318ce2673e948a761c266b63e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "directories_claim_key_uq" ON "catalogue"."directories"  ("claim_key") WHERE claim_key IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "directories_brand_user_idx" ON "catalogue"."directories"  ("brand", "user_id")`);
    await queryRunner.query(
      `CREATE INDEX "directories_brand_status_idx" ON "catalogue"."directories"  ("brand", "status", "featured", "category")`,
    );
    await queryRunner.query(
      `CREATE TABLE "catalogue"."faqs" ("id" uuid NOT NULL, "brand" text NOT NULL, "section" text NOT NULL, "question" text NOT NULL, "answer" text NOT NULL, "position" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_2ddf4f2c910f8e8fa2663a67bf0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "faqs_brand_section_idx" ON "catalogue"."faqs"  ("brand", "section", "position")`);
    await queryRunner.query(
      `CREATE TABLE "catalogue"."payment_configurations" ("id" uuid NOT NULL, "brand" text NOT NULL, "provider" text NOT NULL, "active" boolean NOT NULL DEFAULT false, "stripe_publishable_key" text, "app_id" text, "location_id" text, CONSTRAINT "PK_99638cc3619f4458fa71d16a35c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "payment_configurations_brand_provider_uq" ON "catalogue"."payment_configurations"  ("brand", "provider")`,
    );
    await queryRunner.query(
      `CREATE TABLE "catalogue"."pricing_packages" ("id" uuid NOT NULL, "brand" text NOT NULL, "title" text NOT NULL, "type" text NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "currency" text NOT NULL DEFAULT 'USD', "featured" boolean NOT NULL DEFAULT false, "is_free" boolean NOT NULL DEFAULT false, "image_limit" integer NOT NULL DEFAULT '0', "video_limit" integer NOT NULL DEFAULT '0', "listing_limit" integer NOT NULL DEFAULT '0', "listing_limit_max" integer NOT NULL DEFAULT '0', "weighting" integer NOT NULL DEFAULT '0', "permitted_categories" text array NOT NULL DEFAULT '{}', "restricted_categories" text array NOT NULL DEFAULT '{}', "selling_points" jsonb NOT NULL DEFAULT '[]', "one_time_enabled" boolean NOT NULL DEFAULT false, "one_time_price_cents" bigint NOT NULL DEFAULT '0', "monthly_enabled" boolean NOT NULL DEFAULT false, "monthly_price_cents" bigint NOT NULL DEFAULT '0', "yearly_enabled" boolean NOT NULL DEFAULT false, "yearly_price_cents" bigint NOT NULL DEFAULT '0', "per_listing_enabled" boolean NOT NULL DEFAULT false, "per_listing_price_cents" bigint NOT NULL DEFAULT '0', "active_period" integer, "snappr_enabled" boolean NOT NULL DEFAULT false, "snappr_force_enabled" boolean NOT NULL DEFAULT false, "snappr_price_cents" bigint NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_9e48469a36e2290a77ecd4885c3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "pricing_packages_brand_type_idx" ON "catalogue"."pricing_packages"  ("brand", "type", "weighting")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "catalogue"."pricing_packages_brand_type_idx"`);
    await queryRunner.query(`DROP TABLE "catalogue"."pricing_packages"`);
    await queryRunner.query(`DROP INDEX "catalogue"."payment_configurations_brand_provider_uq"`);
    await queryRunner.query(`DROP TABLE "catalogue"."payment_configurations"`);
    await queryRunner.query(`DROP INDEX "catalogue"."faqs_brand_section_idx"`);
    await queryRunner.query(`DROP TABLE "catalogue"."faqs"`);
    await queryRunner.query(`DROP INDEX "catalogue"."directories_brand_status_idx"`);
    await queryRunner.query(`DROP INDEX "catalogue"."directories_brand_user_idx"`);
    await queryRunner.query(`DROP INDEX "catalogue"."directories_claim_key_uq"`);
    await queryRunner.query(`DROP TABLE "catalogue"."directories"`);
    await queryRunner.query(`DROP INDEX "catalogue"."directory_bookmarks_uq"`);
    await queryRunner.query(`DROP TABLE "catalogue"."directory_bookmarks"`);
    await queryRunner.query(`DROP TABLE "catalogue"."content_documents"`);
    await queryRunner.query(`DROP TABLE "catalogue"."brand_configurations"`);
  }
}
