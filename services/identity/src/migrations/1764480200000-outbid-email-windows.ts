import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 21, "one outbid email per bidder per few minutes": when each bidder was last emailed that
 * they were outbid on a lot, so a bidding war sends one email per OUTBID_EMAIL_WINDOW_MINUTES, not
 * one per bid. A plain table read only by the auction-emails processor (no entity: docs/decisions.md).
 */
export class OutbidEmailWindows1764480200000 implements MigrationInterface {
  name = 'OutbidEmailWindows1764480200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."outbid_email_windows" ("lot_id" uuid NOT NULL, "user_id" uuid NOT NULL, "sent_at" timestamptz NOT NULL, CONSTRAINT "PK_outbid_email_windows" PRIMARY KEY ("lot_id", "user_id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."outbid_email_windows"`);
  }
}
