import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read models of the auction service: current lots, bids and watchlist (projections of the event log). */
export class InitialProjections1763800000000 implements MigrationInterface {
  name = 'InitialProjections1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "auction"."bids" ("id" uuid NOT NULL, "lot_id" uuid NOT NULL, "brand" text NOT NULL, "bidder_id" uuid NOT NULL, "amount_cents" bigint NOT NULL, "is_first_bid" boolean NOT NULL DEFAULT false, "lot_version" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_7950d066d322aab3a488ac39fe5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "bids_bidder_idx" ON "auction"."bids"  ("bidder_id") `);
    await queryRunner.query(`CREATE INDEX "bids_lot_amount_idx" ON "auction"."bids"  ("lot_id", "amount_cents") `);
    await queryRunner.query(
      `CREATE TABLE "auction"."lots" ("id" uuid NOT NULL, "brand" text NOT NULL, "slug" text NOT NULL, "title" text NOT NULL, "seller_type" text, "seller_id" uuid NOT NULL, "description" text, "user_description" text, "excerpt" text, "status" text NOT NULL, "payment_status" text NOT NULL, "payment_type" text, "package_id" text, "template_type" text, "currency" text NOT NULL, "start_price_cents" bigint NOT NULL DEFAULT '0', "reserve_cents" bigint, "min_increment_cents" bigint NOT NULL DEFAULT '0', "final_price_cents" bigint, "scheduled_start" TIMESTAMP WITH TIME ZONE, "scheduled_end" TIMESTAMP WITH TIME ZONE, "final_end" TIMESTAMP WITH TIME ZONE, "top_bid_id" uuid, "top_bid_cents" bigint, "top_bidder_id" uuid, "bid_count" integer NOT NULL DEFAULT '0', "reserve_met" boolean NOT NULL DEFAULT false, "reserve_percentage" numeric(5,2) NOT NULL DEFAULT '0', "winner_id" uuid, "data_fields" jsonb NOT NULL DEFAULT '{}', "address" jsonb NOT NULL DEFAULT '{}', "contact_info" jsonb NOT NULL DEFAULT '{}', "images" jsonb NOT NULL DEFAULT '{}', "has_agreed_to_terms" boolean NOT NULL DEFAULT false, "service_snappr" boolean NOT NULL DEFAULT false, "reserve_meter_enabled" boolean NOT NULL DEFAULT true, "shared" boolean NOT NULL DEFAULT false, "hosts" text array NOT NULL DEFAULT '{}', "hosts_declined" text array NOT NULL DEFAULT '{}', "make" text, "year" text, "country" text, "version" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_2bb990a4015865cb1daa1d22fd9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "lots_slug_uq" ON "auction"."lots"  ("slug") `);
    await queryRunner.query(`CREATE INDEX "lots_due_idx" ON "auction"."lots"  ("status", "scheduled_start", "final_end") `);
    await queryRunner.query(`CREATE INDEX "lots_brand_status_idx" ON "auction"."lots"  ("brand", "status") `);
    await queryRunner.query(
      `CREATE TABLE "auction"."watchlist" ("user_id" uuid NOT NULL, "lot_id" uuid NOT NULL, "brand" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_75c0a91bf5d5d37fb8250bfef3d" PRIMARY KEY ("user_id", "lot_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "watchlist_lot_idx" ON "auction"."watchlist"  ("lot_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "auction"."watchlist_lot_idx"`);
    await queryRunner.query(`DROP TABLE "auction"."watchlist"`);
    await queryRunner.query(`DROP INDEX "auction"."lots_brand_status_idx"`);
    await queryRunner.query(`DROP INDEX "auction"."lots_due_idx"`);
    await queryRunner.query(`DROP INDEX "auction"."lots_slug_uq"`);
    await queryRunner.query(`DROP TABLE "auction"."lots"`);
    await queryRunner.query(`DROP INDEX "auction"."bids_lot_amount_idx"`);
    await queryRunner.query(`DROP INDEX "auction"."bids_bidder_idx"`);
    await queryRunner.query(`DROP TABLE "auction"."bids"`);
  }
}
