import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, one-time codes, login lock-out counters, per-brand sign-up settings and the email outbox. */
export class IdentityInitial1764000000000 implements MigrationInterface {
  name = 'IdentityInitial1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."auth_settings" ("brand" text NOT NULL, "allow_register" boolean NOT NULL DEFAULT true, "email_confirmation" boolean NOT NULL DEFAULT true, "default_role" text NOT NULL DEFAULT 'authenticated', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_27b315a600af2d1ad53c40643e8" PRIMARY KEY ("brand"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."email_outbox" ("id" uuid NOT NULL, "brand" text NOT NULL, "template" text NOT NULL, "user_id" uuid, "to_address" text NOT NULL, "from_address" text NOT NULL, "subject" text NOT NULL, "text_body" text, "html_body" text, "status" text NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "last_error" text, "next_attempt_at" TIMESTAMP WITH TIME ZONE, "message_id" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_b6fbfc201f705fbf1ac87bd7197" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "email_outbox_due_idx" ON "identity"."email_outbox"  ("status", "next_attempt_at") `);
    await queryRunner.query(`CREATE INDEX "email_outbox_brand_created_idx" ON "identity"."email_outbox"  ("brand", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "identity"."login_throttle" ("brand" text NOT NULL, "scope" text NOT NULL, "key" text NOT NULL, "failures" integer NOT NULL, "window_started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "locked_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_001c296d24095df356c186b85fa" PRIMARY KEY ("brand", "scope", "key"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."one_time_codes" ("id" uuid NOT NULL, "brand" text NOT NULL, "user_id" uuid NOT NULL, "kind" text NOT NULL, "code_hash" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_ae6fc30aa12eeae02fec8d6b63e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "one_time_codes_hash_uq" ON "identity"."one_time_codes"  ("code_hash") `);
    await queryRunner.query(`CREATE INDEX "one_time_codes_user_idx" ON "identity"."one_time_codes"  ("user_id", "kind") `);
    await queryRunner.query(
      `CREATE TABLE "identity"."users" ("id" uuid NOT NULL, "brand" text NOT NULL, "email" text NOT NULL, "username" text NOT NULL, "username_key" text NOT NULL, "password_hash" text, "provider" text NOT NULL DEFAULT 'local', "confirmed" boolean NOT NULL DEFAULT false, "blocked" boolean NOT NULL DEFAULT false, "role" text NOT NULL DEFAULT 'authenticated', "first_name" text, "last_name" text, "phone" text, "bio" text, "website" text, "address" jsonb NOT NULL DEFAULT '{}', "social_links" jsonb NOT NULL DEFAULT '{}', "avatar" jsonb, "perm_super_admin" boolean NOT NULL DEFAULT false, "perm_manage_users" boolean NOT NULL DEFAULT false, "perm_auction_enabled" boolean NOT NULL DEFAULT false, "perm_website_enabled" boolean NOT NULL DEFAULT false, "perm_manage_homepage" boolean NOT NULL DEFAULT false, "perm_website_theme" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "users_brand_created_idx" ON "identity"."users"  ("brand", "created_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_brand_username_uq" ON "identity"."users"  ("brand", "username_key") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_brand_email_uq" ON "identity"."users"  ("brand", "email") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."users_brand_email_uq"`);
    await queryRunner.query(`DROP INDEX "identity"."users_brand_username_uq"`);
    await queryRunner.query(`DROP INDEX "identity"."users_brand_created_idx"`);
    await queryRunner.query(`DROP TABLE "identity"."users"`);
    await queryRunner.query(`DROP INDEX "identity"."one_time_codes_user_idx"`);
    await queryRunner.query(`DROP INDEX "identity"."one_time_codes_hash_uq"`);
    await queryRunner.query(`DROP TABLE "identity"."one_time_codes"`);
    await queryRunner.query(`DROP TABLE "identity"."login_throttle"`);
    await queryRunner.query(`DROP INDEX "identity"."email_outbox_brand_created_idx"`);
    await queryRunner.query(`DROP INDEX "identity"."email_outbox_due_idx"`);
    await queryRunner.query(`DROP TABLE "identity"."email_outbox"`);
    await queryRunner.query(`DROP TABLE "identity"."auth_settings"`);
  }
}
