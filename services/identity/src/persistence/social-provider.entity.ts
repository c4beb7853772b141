import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A social sign-in provider of one brand (OpenID Connect by discovery from `issuer`, or plain
 * OAuth 2 with explicit endpoints). The client secret is stored encrypted and never returned.
 */
@Entity({ schema: 'identity', name: 'social_providers' })
export class SocialProviderEntity {
  @PrimaryColumn('text')
  brand: string;

  /** The `{provider}` of /connect/{provider} and /auth/{provider}/callback (lower-case slug). */
  @PrimaryColumn('text')
  provider: string;

  @Column('text', { name: 'display_name' })
  displayName: string;

  /** OpenID Connect issuer; its discovery document gives the endpoints. Null for plain OAuth 2. */
  @Column('text', { nullable: true })
  issuer: string | null;

  @Column('text', { name: 'authorization_endpoint', nullable: true })
  authorizationEndpoint: string | null;

  @Column('text', { name: 'token_endpoint', nullable: true })
  tokenEndpoint: string | null;

  @Column('text', { name: 'userinfo_endpoint', nullable: true })
  userinfoEndpoint: string | null;

  @Column('text', { name: 'client_id' })
  clientId: string;

  /** AES-256-GCM sealed secret (see social-secrets.ts); null for public clients. */
  @Column('text', { name: 'client_secret_sealed', nullable: true })
  clientSecretSealed: string | null;

  /** Space-separated scopes. */
  @Column('text')
  scopes: string;

  @Column('boolean', { default: true })
  enabled: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
