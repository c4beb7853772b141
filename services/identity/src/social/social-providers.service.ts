import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, PLATFORM_SETTINGS, type PlatformSettings } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { SocialProviderEntity } from '../persistence';
import { socialError } from './social-errors';
import { SocialSecrets } from './social-secrets';

export interface SocialProviderChanges {
  provider?: string | null;
  displayName?: string | null;
  issuer?: string | null;
  authorizationEndpoint?: string | null;
  tokenEndpoint?: string | null;
  userinfoEndpoint?: string | null;
  clientId?: string | null;
  /** Absent or null keeps the stored secret; an empty string removes it (public client). */
  clientSecret?: string | null;
  scopes?: string | null;
  enabled?: boolean | null;
}

/** A provider ready for a sign-in: its row and the opened client secret. */
export interface UsableProvider {
  row: SocialProviderEntity;
  clientSecret: string | null;
}

const PROVIDER_SLUG = /^[a-z0-9][a-z0-9-]{1,31}$/;
const SCOPE = /^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/;

/** Per-brand social sign-in providers: staff configure them; secrets are sealed and never returned. */
@Injectable()
export class SocialProviders {
  private readonly secrets: SocialSecrets;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(PLATFORM_SETTINGS) platform: PlatformSettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.secrets = new SocialSecrets(platform.jwtSecret);
  }

  list(brand: string): Promise<SocialProviderEntity[]> {
    return this.db.getRepository(SocialProviderEntity).find({ where: { brand }, order: { provider: 'ASC' } });
  }

  async listEnabled(brand: string): Promise<SocialProviderEntity[]> {
    return (await this.list(brand)).filter((row) => row.enabled);
  }

  /** The enabled provider of this brand with its secret, or the spec-style "disabled" error. */
  async usable(brand: string, provider: string): Promise<UsableProvider> {
    const slug = provider.toLowerCase();
    const row = PROVIDER_SLUG.test(slug)
      ? await this.db.getRepository(SocialProviderEntity).findOne({ where: { brand, provider: slug } })
      : null;
    if (!row || !row.enabled) throw socialError('Auth.form.error.provider.disabled', { kind: 'not-found' });
    const clientSecret = row.clientSecretSealed ? this.secrets.open(row.clientSecretSealed) : null;
    if (row.clientSecretSealed && clientSecret === null) throw socialError('Auth.form.error.social.failed');
    return { row, clientSecret };
  }

  async upsert(brand: string, changes: SocialProviderChanges): Promise<SocialProviderEntity> {
    const provider = (changes.provider ?? '').trim().toLowerCase();
    if (!PROVIDER_SLUG.test(provider)) throw invalid('provider must be 2 to 32 lower-case letters, digits or dashes');
    return this.db.transaction(async (manager) => {
      const repository = manager.getRepository(SocialProviderEntity);
      const current = await repository.findOne({ where: { brand, provider }, lock: { mode: 'pessimistic_write' } });
      const now = this.clock.now();
      const pick = <K extends keyof SocialProviderChanges>(key: K, fallback: SocialProviderChanges[K]): SocialProviderChanges[K] =>
        changes[key] !== undefined ? changes[key] : fallback;
      const issuer = this.url(pick('issuer', current?.issuer ?? null), 'issuer');
      const authorizationEndpoint = this.url(
        pick('authorizationEndpoint', current?.authorizationEndpoint ?? null),
        'authorizationEndpoint',
      );
      const tokenEndpoint = this.url(pick('tokenEndpoint', current?.tokenEndpoint ?? null), 'tokenEndpoint');
      const userinfoEndpoint = this.url(pick('userinfoEndpoint', current?.userinfoEndpoint ?? null), 'userinfoEndpoint');
      if (!issuer && (!authorizationEndpoint || !tokenEndpoint || !userinfoEndpoint))
        throw invalid('give an OpenID Connect issuer, or the authorization, token and userinfo endpoints of an OAuth 2 provider');
      const clientId = (pick('clientId', current?.clientId ?? '') ?? '').trim();
      if (clientId === '' || clientId.length > 300) throw invalid('clientId is required (at most 300 characters)');
      const displayName = (pick('displayName', current?.displayName ?? null) ?? '').trim() || titleOf(provider);
      if (displayName.length > 60) throw invalid('displayName is at most 60 characters');
      const scopes = (pick('scopes', current?.scopes ?? null) ?? '').trim() || (issuer ? 'openid email profile' : 'email');
      const scopeList = scopes.split(/\s+/);
      if (scopeList.length > 20 || !scopeList.every((scope) => SCOPE.test(scope))) throw invalid('scopes are space-separated tokens');
      if (issuer && !scopeList.includes('openid')) throw invalid('an OpenID Connect provider needs the openid scope');
      let clientSecretSealed = current?.clientSecretSealed ?? null;
      if (typeof changes.clientSecret === 'string') {
        if (changes.clientSecret.length > 2000) throw invalid('clientSecret is too long');
        clientSecretSealed = changes.clientSecret === '' ? null : this.secrets.seal(changes.clientSecret);
      }
      const row: SocialProviderEntity = {
        brand,
        provider,
        displayName,
        issuer,
        authorizationEndpoint,
        tokenEndpoint,
        userinfoEndpoint,
        clientId,
        clientSecretSealed,
        scopes: scopeList.join(' '),
        enabled: pick('enabled', current?.enabled ?? true) ?? true,
        createdAt: current?.createdAt ?? now,
        updatedAt: now,
      };
      await repository.save(row);
      return row;
    });
  }

  async remove(brand: string, provider: string): Promise<boolean> {
    const result = await this.db.getRepository(SocialProviderEntity).delete({ brand, provider: provider.trim().toLowerCase() });
    return (result.affected ?? 0) > 0;
  }

  private url(value: string | null | undefined, field: string): string | null {
    const trimmed = value?.trim() ?? '';
    if (trimmed === '') return null;
    let parsed: URL;
    try {
      parsed = new URL(trimmed);
    } catch {
      throw invalid(`${field} must be a URL`);
    }
    const allowed = this.config.SOCIAL_ALLOW_HTTP_ISSUERS ? ['https:', 'http:'] : ['https:'];
    if (!allowed.includes(parsed.protocol) || parsed.username || parsed.password || parsed.hash)
      throw invalid(`${field} must be an https URL without credentials or fragment`);
    return trimmed;
  }
}

function invalid(reason: string) {
  return socialError('social.provider.invalid', { message: `Please check the provider settings: ${reason}.` });
}

function titleOf(provider: string): string {
  return provider
    .split('-')
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');
}
