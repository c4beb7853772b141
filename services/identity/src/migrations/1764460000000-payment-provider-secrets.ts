import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-brand payment provider secrets (docs/payments.md "Per-brand secrets"): one row per brand and
 * provider, each secret AES-256-GCM encrypted under PAYMENT_SECRETS_KEY (never the plaintext), with
 * its masked form for the CMS and who changed it when. Never in the catalogue or the event log.
 */
export class PaymentProviderSecrets1764460000000 implements MigrationInterface {
  name = 'PaymentProviderSecrets1764460000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "identity"."payment_provider_secrets" (
      "brand" character varying(64) NOT NULL,
      "provider" character varying(32) NOT NULL,
      "secret_key_enc" bytea,
      "secret_key_mask" character varying(64),
      "webhook_secret_enc" bytea,
      "webhook_secret_mask" character varying(64),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "updated_by" uuid,
      CONSTRAINT "PK_payment_provider_secrets" PRIMARY KEY ("brand", "provider")
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."payment_provider_secrets"`);
  }
}
