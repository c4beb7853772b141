import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Comment threads (projection 'auction-comments': comments, reports, per-lot thread info and
 * deleted authors) and the "email the seller" outbox (written directly, not a projection).
 */
export class CommentsAndEmailOutbox1763960000000 implements MigrationInterface {
  name = 'CommentsAndEmailOutbox1763960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "auction"."comments" ("id" uuid NOT NULL, "lot_id" uuid NOT NULL, "brand" text NOT NULL, "thread_of" uuid, "content" text NOT NULL, "is_bid" boolean NOT NULL DEFAULT false, "bid_amount_cents" bigint, "author_id" uuid NOT NULL, "author_name" text, "author_type" text NOT NULL DEFAULT 'user', "author_removed" boolean NOT NULL DEFAULT false, "points" integer NOT NULL DEFAULT '0', "removed" boolean NOT NULL DEFAULT false, "blocked" boolean NOT NULL DEFAULT false, "blocked_thread" boolean NOT NULL DEFAULT false, "block_reason" text, "seq" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_8bf68bc960f2b69e818bdb90dcb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "comments_author_idx" ON "auction"."comments"  ("author_id") `);
    await queryRunner.query(`CREATE INDEX "comments_thread_of_idx" ON "auction"."comments"  ("thread_of") `);
    await queryRunner.query(`CREATE INDEX "comments_lot_created_idx" ON "auction"."comments"  ("lot_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "auction"."comment_removed_authors" ("user_id" uuid NOT NULL, "brand" text NOT NULL, "removed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_91b2ead516c7af929f07b5c84cb" PRIMARY KEY ("user_id", "brand"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "auction"."comment_reports" ("id" uuid NOT NULL, "comment_id" uuid NOT NULL, "lot_id" uuid NOT NULL, "brand" text NOT NULL, "reporter_id" uuid NOT NULL, "reason" text NOT NULL, "content" text NOT NULL, "resolved" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_61b98c6ce36db288146bba85d29" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "comment_reports_comment_idx" ON "auction"."comment_reports"  ("comment_id") `);
    await queryRunner.query(
      `CREATE TABLE "auction"."comment_threads" ("lot_id" uuid NOT NULL, "brand" text NOT NULL, "seller_id" uuid, "currency" text NOT NULL DEFAULT 'USD', "version" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_1809d39231b40370e96799b992d" PRIMARY KEY ("lot_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "auction"."email_outbox" ("id" uuid NOT NULL, "brand" text NOT NULL, "to" text NOT NULL, "reply_to" text NOT NULL, "subject" text NOT NULL, "body" text NOT NULL, "template" text NOT NULL DEFAULT 'general', "variables" jsonb NOT NULL DEFAULT '{}', "status" text NOT NULL DEFAULT 'queued', "lot_id" uuid NOT NULL, "sender_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b6fbfc201f705fbf1ac87bd7197" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "email_outbox_brand_created_idx" ON "auction"."email_outbox"  ("brand", "created_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "auction"."email_outbox_brand_created_idx"`);
    await queryRunner.query(`DROP TABLE "auction"."email_outbox"`);
    await queryRunner.query(`DROP TABLE "auction"."comment_threads"`);
    await queryRunner.query(`DROP INDEX "auction"."comment_reports_comment_idx"`);
    await queryRunner.query(`DROP TABLE "auction"."comment_reports"`);
    await queryRunner.query(`DROP TABLE "auction"."comment_removed_authors"`);
    await queryRunner.query(`DROP INDEX "auction"."comments_lot_created_idx"`);
    await queryRunner.query(`DROP INDEX "auction"."comments_thread_of_idx"`);
    await queryRunner.query(`DROP INDEX "auction"."comments_author_idx"`);
    await queryRunner.query(`DROP TABLE "auction"."comments"`);
  }
}
