import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 21, notifications (docs/notifications.md): each user's notifications (one row per user,
 * kind, lot and occurrence, so a replay or restart adds nothing twice), their per-kind
 * preferences, and the notifications processor's read model of the lots and of who follows them
 * (watchers and bidders). Plain SQL tables without entities: only the notifications feature reads them.
 */
export class Notifications1764480000000 implements MigrationInterface {
  name = 'Notifications1764480000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."notifications" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "brand" text NOT NULL, "kind" text NOT NULL, "lot_id" uuid NOT NULL, "occurrence" text NOT NULL, "title" text NOT NULL, "body" text NOT NULL, "link" text NOT NULL, "in_app" boolean NOT NULL, "emailed" boolean NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, "read_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_notifications" PRIMARY KEY ("id"), CONSTRAINT "UQ_notifications_occurrence" UNIQUE ("user_id", "kind", "lot_id", "occurrence"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_notifications_user_created" ON "identity"."notifications" ("user_id", "created_at")`);
    await queryRunner.query(
      `CREATE TABLE "identity"."notification_preferences" ("user_id" uuid NOT NULL, "kind" text NOT NULL, "in_app" boolean NOT NULL, "email" boolean NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_notification_preferences" PRIMARY KEY ("user_id", "kind"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."notification_lots" ("lot_id" uuid NOT NULL, "brand" text NOT NULL, "seller_id" uuid NOT NULL, "title" text NOT NULL, "slug" text NOT NULL, "currency" text NOT NULL, "status" text NOT NULL, "round" integer NOT NULL DEFAULT 1, "final_end" TIMESTAMP WITH TIME ZONE, "top_bidder_id" uuid, "top_amount_cents" bigint, CONSTRAINT "PK_notification_lots" PRIMARY KEY ("lot_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_notification_lots_live_end" ON "identity"."notification_lots" ("final_end") WHERE "status" = 'LIVE'`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."notification_followers" ("lot_id" uuid NOT NULL, "user_id" uuid NOT NULL, "watching" boolean NOT NULL DEFAULT false, "bid" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_notification_followers" PRIMARY KEY ("lot_id", "user_id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['notification_followers', 'notification_lots', 'notification_preferences', 'notifications'])
      await queryRunner.query(`DROP TABLE "identity"."${table}"`);
  }
}
