import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The brand event feed (docs/events.md): per-brand feed settings (kept here until the catalogue
 * service owns brand configuration), the relay's per-brand status and the re-publish jobs.
 * Written by raw SQL from services/auction/src/feed, so no TypeORM entities describe them.
 */
export class BrandFeed1763970000000 implements MigrationInterface {
  name = 'BrandFeed1763970000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "auction"."feed_brand_settings" ("brand" text NOT NULL, "enabled" boolean NOT NULL DEFAULT false, "event_types" text array, "enabled_from" text, "enabled_at" TIMESTAMP WITH TIME ZONE, "updated_by" text, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "feed_brand_settings_pk" PRIMARY KEY ("brand"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "auction"."feed_relay_state" ("brand" text NOT NULL, "published_events" bigint NOT NULL DEFAULT 0, "last_published_at" TIMESTAMP WITH TIME ZONE, "last_published_position" text, "consecutive_failures" integer NOT NULL DEFAULT 0, "failing_since" TIMESTAMP WITH TIME ZONE, "last_error" text, "last_error_kind" text, "last_error_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "feed_relay_state_pk" PRIMARY KEY ("brand"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "auction"."feed_republish_jobs" ("id" uuid NOT NULL, "brand" text NOT NULL, "status" text NOT NULL, "from_position" bigint, "from_date" TIMESTAMP WITH TIME ZONE, "start_checkpoint" text NOT NULL, "start_position" bigint NOT NULL DEFAULT 0, "until_checkpoint" text NOT NULL, "until_position" bigint NOT NULL DEFAULT 0, "scanned_events" bigint NOT NULL DEFAULT 0, "published_events" bigint NOT NULL DEFAULT 0, "current_position" bigint, "last_error" text, "last_error_kind" text, "requested_by" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "feed_republish_jobs_pk" PRIMARY KEY ("id"), CONSTRAINT "feed_republish_jobs_status_ck" CHECK ("status" IN ('PENDING', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED')))`,
    );
    await queryRunner.query(`CREATE INDEX "feed_republish_jobs_brand_idx" ON "auction"."feed_republish_jobs" ("brand", "created_at")`);
    await queryRunner.query(
      `CREATE INDEX "feed_republish_jobs_active_idx" ON "auction"."feed_republish_jobs" ("created_at") WHERE "status" IN ('PENDING', 'RUNNING')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "auction"."feed_republish_jobs_active_idx"`);
    await queryRunner.query(`DROP INDEX "auction"."feed_republish_jobs_brand_idx"`);
    await queryRunner.query(`DROP TABLE "auction"."feed_republish_jobs"`);
    await queryRunner.query(`DROP TABLE "auction"."feed_relay_state"`);
    await queryRunner.query(`DROP TABLE "auction"."feed_brand_settings"`);
  }
}
