import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 21, "your maximum was exceeded": each follower's current maximum on a lot (proxy bidding's
 * MaxBidSet, private to the bidder), so the notifications processor can tell them when a bid passes it.
 */
export class NotificationMaxima1764480100000 implements MigrationInterface {
  name = 'NotificationMaxima1764480100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."notification_followers" ADD "max_cents" bigint`);
    await queryRunner.query(`ALTER TABLE "identity"."notification_followers" ADD "max_bid_id" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."notification_followers" DROP COLUMN "max_bid_id"`);
    await queryRunner.query(`ALTER TABLE "identity"."notification_followers" DROP COLUMN "max_cents"`);
  }
}
