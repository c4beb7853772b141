import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Social sign-in (providers, attempts, linked identities), newsletter, contact forms, auction emails; outbox reply-to and tag. */
export class SocialContact1764200000000 implements MigrationInterface {
  name = 'SocialContact1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."auction_notification_lots" ("lot_id" uuid NOT NULL, "brand" text NOT NULL, "seller_id" uuid NOT NULL, "title" text NOT NULL, "slug" text NOT NULL, "currency" text NOT NULL, "top_bidder_id" uuid, "top_amount_cents" bigint, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_07e07331f6e3797fc36757817bd" PRIMARY KEY ("lot_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."contact_messages" ("id" uuid NOT NULL, "brand" text NOT NULL, "type" text NOT NULL, "name" text NOT NULL, "email" text, "phone" text, "subject" text, "tag" text, "fields" jsonb NOT NULL, "email_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b74f96eb2edd977ccfba6533293" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "contact_messages_brand_created_idx" ON "identity"."contact_messages"  ("brand", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "identity"."newsletter_subscriptions" ("id" uuid NOT NULL, "brand" text NOT NULL, "email" text NOT NULL, "name" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_cfca9a6e4f146a80a6cd2e76f1d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "newsletter_subscriptions_brand_email_uq" ON "identity"."newsletter_subscriptions"  ("brand", "email") `,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."social_identities" ("brand" text NOT NULL, "provider" text NOT NULL, "subject" text NOT NULL, "user_id" uuid NOT NULL, "email" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_sign_in_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_07361a8f49580bcaf5ec407521a" PRIMARY KEY ("brand", "provider", "subject"))`,
    );
    await queryRunner.query(`CREATE INDEX "social_identities_user_idx" ON "identity"."social_identities"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "identity"."social_login_attempts" ("state_hash" text NOT NULL, "brand" text NOT NULL, "provider" text NOT NULL, "code_verifier" text NOT NULL, "nonce" text NOT NULL, "binding_hash" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_1e8382d96c4f74f45f173d43a5e" PRIMARY KEY ("state_hash"))`,
    );
    await queryRunner.query(`CREATE INDEX "social_login_attempts_expires_idx" ON "identity"."social_login_attempts"  ("expires_at") `);
    await queryRunner.query(
      `CREATE TABLE "identity"."social_providers" ("brand" text NOT NULL, "provider" text NOT NULL, "display_name" text NOT NULL, "issuer" text, "authorization_endpoint" text, "token_endpoint" text, "userinfo_endpoint" text, "client_id" text NOT NULL, "client_secret_sealed" text, "scopes" text NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_42b93f4b5e1b617d1b839e86543" PRIMARY KEY ("brand", "provider"))`,
    );
    await queryRunner.query(`ALTER TABLE "identity"."email_outbox" ADD "reply_to" text`);
    await queryRunner.query(`ALTER TABLE "identity"."email_outbox" ADD "tag" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."email_outbox" DROP COLUMN "tag"`);
    await queryRunner.query(`ALTER TABLE "identity"."email_outbox" DROP COLUMN "reply_to"`);
    await queryRunner.query(`DROP TABLE "identity"."social_providers"`);
    await queryRunner.query(`DROP INDEX "identity"."social_login_attempts_expires_idx"`);
    await queryRunner.query(`DROP TABLE "identity"."social_login_attempts"`);
    await queryRunner.query(`DROP INDEX "identity"."social_identities_user_idx"`);
    await queryRunner.query(`DROP TABLE "identity"."social_identities"`);
    await queryRunner.query(`DROP INDEX "identity"."newsletter_subscriptions_brand_email_uq"`);
    await queryRunner.query(`DROP TABLE "identity"."newsletter_subscriptions"`);
    await queryRunner.query(`DROP INDEX "identity"."contact_messages_brand_created_idx"`);
    await queryRunner.query(`DROP TABLE "identity"."contact_messages"`);
    await queryRunner.query(`DROP TABLE "identity"."auction_notification_lots"`);
  }
}
