import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff reports queue (docs/decisions.md "Reports queue"): reports of lots (projected from
 * `lot-reports-<lotId>`), how and by whom a report was resolved, comments removed by staff, and
 * the reports stream version each lot's projection reflects (read-your-writes).
 */
export class ReportsQueue1763990000000 implements MigrationInterface {
  name = 'ReportsQueue1763990000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "auction"."lot_reports" ("id" uuid NOT NULL, "lot_id" uuid NOT NULL, "brand" text NOT NULL, "reporter_id" uuid NOT NULL, "reason" text NOT NULL, "content" text NOT NULL, "resolved" boolean NOT NULL DEFAULT false, "resolution" text, "resolution_note" text, "resolved_by" text, "resolved_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_7cba868dc9233842724b4d3c777" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "lot_reports_lot_idx" ON "auction"."lot_reports"  ("lot_id") `);
    await queryRunner.query(`ALTER TABLE "auction"."comments" ADD "removed_by_staff" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "auction"."comment_reports" ADD "resolution" text`);
    await queryRunner.query(`ALTER TABLE "auction"."comment_reports" ADD "resolution_note" text`);
    await queryRunner.query(`ALTER TABLE "auction"."comment_reports" ADD "resolved_by" text`);
    await queryRunner.query(`ALTER TABLE "auction"."comment_reports" ADD "resolved_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "auction"."comment_threads" ADD "reports_version" integer NOT NULL DEFAULT '0'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auction"."comment_threads" DROP COLUMN "reports_version"`);
    await queryRunner.query(`ALTER TABLE "auction"."comment_reports" DROP COLUMN "resolved_at"`);
    await queryRunner.query(`ALTER TABLE "auction"."comment_reports" DROP COLUMN "resolved_by"`);
    await queryRunner.query(`ALTER TABLE "auction"."comment_reports" DROP COLUMN "resolution_note"`);
    await queryRunner.query(`ALTER TABLE "auction"."comment_reports" DROP COLUMN "resolution"`);
    await queryRunner.query(`ALTER TABLE "auction"."comments" DROP COLUMN "removed_by_staff"`);
    await queryRunner.query(`DROP INDEX "auction"."lot_reports_lot_idx"`);
    await queryRunner.query(`DROP TABLE "auction"."lot_reports"`);
  }
}
