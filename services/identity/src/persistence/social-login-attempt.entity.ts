import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A started social sign-in: the hash of its `state`, the PKCE verifier and nonce, and the hash of
 * the browser binding cookie. Used once, within minutes.
 */
@Entity({ schema: 'identity', name: 'social_login_attempts' })
@Index('social_login_attempts_expires_idx', ['expiresAt'])
export class SocialLoginAttemptEntity {
  @PrimaryColumn('text', { name: 'state_hash' })
  stateHash: string;

  @Column('text')
  brand: string;

  @Column('text')
  provider: string;

  @Column('text', { name: 'code_verifier' })
  codeVerifier: string;

  @Column('text')
  nonce: string;

  @Column('text', { name: 'binding_hash' })
  bindingHash: string;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
