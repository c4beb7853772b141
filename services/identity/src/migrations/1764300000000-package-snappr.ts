import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The Snappr option of a pricing package (price in cents, null when not offered; forced on or not), for AUCTION package payments. */
export class PackageSnappr1764300000000 implements MigrationInterface {
  name = 'PackageSnappr1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."pricing_package_prices" ADD "snappr_cents" bigint`);
    await queryRunner.query(`ALTER TABLE "identity"."pricing_package_prices" ADD "snappr_forced" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."pricing_package_prices" DROP COLUMN "snappr_forced"`);
    await queryRunner.query(`ALTER TABLE "identity"."pricing_package_prices" DROP COLUMN "snappr_cents"`);
  }
}
