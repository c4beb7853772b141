import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18, M5: each account's token version. Access tokens carry the version they were issued
 * at; a password reset, a password change or "log out everywhere" bumps it and every service
 * refuses older tokens (docs/security.md, "Sessions and permissions").
 */
export class TokenVersion1764450500000 implements MigrationInterface {
  name = 'TokenVersion1764450500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" ADD "token_version" integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "token_version"`);
  }
}
