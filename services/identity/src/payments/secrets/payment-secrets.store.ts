import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, APP_LOGGER, ConfigError, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import type { IdentityConfig } from '../../config/identity-config';
import { IDENTITY_CONFIG } from '../../config/identity-config.token';
import { paymentError } from '../card-errors';
import type { PaymentProviderName } from '../payments-config';
import { decryptSecret, encryptSecret, secretBinding } from './payment-secrets-cipher';
import { resolvePaymentSecretsKey } from './payment-secrets-key';
import { maskSecret } from './secret-mask';

/** A brand's own secrets for one provider, decrypted (in memory only). */
export interface BrandProviderSecrets {
  secretKey: string | null;
  webhookSecret: string | null;
  /** Changes whenever the stored bytes change (a fresh IV each time): the registry rebuilds the brand's adapter then. */
  version: string;
  /** The stored bytes could not be decrypted (another key): the brand's provider fails closed. */
  unreadable: boolean;
}

/** What staff see of one provider's secrets: never the values. */
export interface MaskedProviderSecrets {
  provider: PaymentProviderName;
  secretKeySet: boolean;
  secretKeyMasked: string | null;
  webhookSecretSet: boolean;
  webhookSecretMasked: string | null;
  updatedAt: Date | null;
  updatedBy: string | null;
  updatedByName: string | null;
}

/** A change: a value sets, '' clears, undefined/null keeps what is stored. */
export interface SecretsChange {
  secretKey?: string | null;
  webhookSecret?: string | null;
}

interface SecretRow {
  brand: string;
  provider: PaymentProviderName;
  secret_key_enc: Buffer | null;
  webhook_secret_enc: Buffer | null;
  updated_at: Date;
}

const SELECT_ALL = `SELECT brand, provider, secret_key_enc, webhook_secret_enc, updated_at FROM identity.payment_provider_secrets`;

/**
 * Per-brand payment provider secrets (docs/payments.md "Per-brand secrets"): encrypted at rest in
 * identity.payment_provider_secrets, decrypted into memory at start-up and after each change (and
 * re-read every PAYMENT_SECRETS_REFRESH_MS, so other instances follow). Values never leave the
 * service: staff read masks only.
 */
@Injectable()
export class PaymentSecretsStore implements OnModuleInit, OnModuleDestroy {
  private readonly log: AppLogger;
  private secrets = new Map<string, BrandProviderSecrets>();
  private key: Buffer | null | undefined;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(PaymentSecretsStore.name);
  }

  async onModuleInit(): Promise<void> {
    const rows = await this.db.query<SecretRow[]>(SELECT_ALL);
    if (rows.length > 0 && this.cipherKey() === null) {
      throw new ConfigError(['PAYMENT_SECRETS_KEY: required in production when brand payment secrets are stored']);
    }
    this.apply(rows);
    this.timer = setInterval(() => void this.reload(), this.config.PAYMENT_SECRETS_REFRESH_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The brand's own secrets for the provider, or null when it has none stored. */
  of(brand: string, provider: PaymentProviderName): BrandProviderSecrets | null {
    return this.secrets.get(`${brand}/${provider}`) ?? null;
  }

  /** Brands that stored any secret (start-up warnings, health). */
  brands(): string[] {
    return [...new Set([...this.secrets.keys()].map((id) => id.split('/')[0]!))];
  }

  /** Masks for every provider of the brand (unset providers answer set: false). */
  async masked(brand: string, providers: readonly PaymentProviderName[]): Promise<MaskedProviderSecrets[]> {
    const rows = await this.db.query<
      Array<{
        provider: PaymentProviderName;
        secret_key_mask: string | null;
        webhook_secret_mask: string | null;
        updated_at: Date;
        updated_by: string | null;
        username: string | null;
      }>
    >(
      `SELECT s.provider, s.secret_key_mask, s.webhook_secret_mask, s.updated_at, s.updated_by, u.username
         FROM identity.payment_provider_secrets s LEFT JOIN identity.users u ON u.id = s.updated_by
        WHERE s.brand = $1`,
      [brand],
    );
    return providers.map((provider) => {
      const row = rows.find((candidate) => candidate.provider === provider);
      return {
        provider,
        secretKeySet: Boolean(row?.secret_key_mask),
        secretKeyMasked: row?.secret_key_mask ?? null,
        webhookSecretSet: Boolean(row?.webhook_secret_mask),
        webhookSecretMasked: row?.webhook_secret_mask ?? null,
        updatedAt: row?.updated_at ?? null,
        updatedBy: row?.updated_by ?? null,
        updatedByName: row?.username ?? null,
      };
    });
  }

  /** Stores the change (encrypted), clears '' values, deletes an emptied row, then refreshes the cache. */
  async update(brand: string, provider: PaymentProviderName, change: SecretsChange, actorId: string): Promise<void> {
    const key = this.cipherKey();
    if (key === null) throw paymentError('payment.secrets.keyMissing', 'unavailable');
    const sealed = (value: string | null | undefined, field: 'secretKey' | 'webhookSecret') => {
      if (value === undefined || value === null) return { keep: true, enc: null, mask: null };
      if (value === '') return { keep: false, enc: null, mask: null };
      return { keep: false, enc: encryptSecret(key, value, secretBinding(brand, provider, field)), mask: maskSecret(value) };
    };
    const secret = sealed(change.secretKey, 'secretKey');
    const webhook = sealed(change.webhookSecret, 'webhookSecret');
    await this.db.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO identity.payment_provider_secrets AS s
           (brand, provider, secret_key_enc, secret_key_mask, webhook_secret_enc, webhook_secret_mask, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $6, $7, $9, $10)
         ON CONFLICT (brand, provider) DO UPDATE SET
           secret_key_enc = CASE WHEN $5 THEN s.secret_key_enc ELSE EXCLUDED.secret_key_enc END,
           secret_key_mask = CASE WHEN $5 THEN s.secret_key_mask ELSE EXCLUDED.secret_key_mask END,
           webhook_secret_enc = CASE WHEN $8 THEN s.webhook_secret_enc ELSE EXCLUDED.webhook_secret_enc END,
           webhook_secret_mask = CASE WHEN $8 THEN s.webhook_secret_mask ELSE EXCLUDED.webhook_secret_mask END,
           updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
        [brand, provider, secret.enc, secret.mask, secret.keep, webhook.enc, webhook.mask, webhook.keep, this.clock.now(), actorId],
      );
      await manager.query(
        `DELETE FROM identity.payment_provider_secrets
          WHERE brand = $1 AND provider = $2 AND secret_key_enc IS NULL AND webhook_secret_enc IS NULL`,
        [brand, provider],
      );
    });
    this.log.info('Payment provider secrets changed', { brand, provider, by: actorId });
    await this.reload();
  }

  /** Re-reads every row (after a change here, and periodically for changes made by other instances). */
  async reload(): Promise<void> {
    try {
      this.apply(await this.db.query<SecretRow[]>(SELECT_ALL));
    } catch (error) {
      this.log.error('Reading payment provider secrets failed', { error: (error as Error).message });
    }
  }

  private apply(rows: SecretRow[]): void {
    const next = new Map<string, BrandProviderSecrets>();
    for (const row of rows) next.set(`${row.brand}/${row.provider}`, this.open(row));
    this.secrets = next;
  }

  private open(row: SecretRow): BrandProviderSecrets {
    const version = createHash('sha256')
      .update(row.secret_key_enc ?? Buffer.alloc(0))
      .update('|')
      .update(row.webhook_secret_enc ?? Buffer.alloc(0))
      .digest('hex');
    const key = this.cipherKey();
    try {
      if (key === null) throw new Error('no key');
      const read = (value: Buffer | null, field: 'secretKey' | 'webhookSecret') =>
        value ? decryptSecret(key, value, secretBinding(row.brand, row.provider, field)) : null;
      return {
        secretKey: read(row.secret_key_enc, 'secretKey'),
        webhookSecret: read(row.webhook_secret_enc, 'webhookSecret'),
        version,
        unreadable: false,
      };
    } catch {
      // Never the value or the key in a log line: only which row could not be read.
      this.log.error('A brand payment secret cannot be decrypted (PAYMENT_SECRETS_KEY changed?); its provider fails closed', {
        brand: row.brand,
        provider: row.provider,
      });
      return { secretKey: null, webhookSecret: null, version, unreadable: true };
    }
  }

  private cipherKey(): Buffer | null {
    if (this.key === undefined) this.key = resolvePaymentSecretsKey(this.config);
    return this.key;
  }
}
