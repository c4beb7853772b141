import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import type { UsableProvider } from './social-providers.service';

const DISCOVERY_TTL_MS = 10 * 60_000;
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * openid-client configurations per provider: OpenID Connect ones from the issuer's discovery
 * document (cached for ten minutes and until the provider's settings change), plain OAuth 2 ones
 * from their stored endpoints.
 */
@Injectable()
export class SocialClients {
  private readonly cache = new Map<string, { config: Promise<oidc.Configuration>; expiresAt: number }>();

  constructor(@Inject(IDENTITY_CONFIG) private readonly settings: IdentityConfig) {}

  configuration(provider: UsableProvider): Promise<oidc.Configuration> {
    const { row } = provider;
    const key = `${row.brand}/${row.provider}/${row.updatedAt.getTime()}`;
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.config;
    const config = this.create(provider);
    this.cache.set(key, { config, expiresAt: Date.now() + DISCOVERY_TTL_MS });
    // A failed discovery is not kept: the next sign-in tries again.
    config.catch(() => this.cache.delete(key));
    return config;
  }

  private async create({ row, clientSecret }: UsableProvider): Promise<oidc.Configuration> {
    const auth = clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None();
    const metadata: Partial<oidc.ClientMetadata> = clientSecret ? { client_secret: clientSecret } : {};
    const insecure = this.settings.SOCIAL_ALLOW_HTTP_ISSUERS;
    let config: oidc.Configuration;
    if (row.issuer) {
      config = await oidc.discovery(new URL(row.issuer), row.clientId, metadata, auth, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
    } else {
      config = new oidc.Configuration(
        {
          issuer: new URL(row.authorizationEndpoint!).origin,
          authorization_endpoint: row.authorizationEndpoint!,
          token_endpoint: row.tokenEndpoint!,
          userinfo_endpoint: row.userinfoEndpoint!,
        },
        row.clientId,
        metadata,
        auth,
      );
      if (insecure) oidc.allowInsecureRequests(config);
    }
    config.timeout = PROVIDER_TIMEOUT_SECONDS;
    return config;
  }
}
