import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type OneTimeCodeKind = 'confirmation' | 'reset' | 'invite';

/**
 * Codes mailed to a user (email confirmation, password reset, invitation). Only a SHA-256 of the
 * code is kept; a code works once (`used_at`) and until `expires_at`.
 */
@Entity({ schema: 'identity', name: 'one_time_codes' })
@Index('one_time_codes_user_idx', ['userId', 'kind'])
export class OneTimeCodeEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  brand: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  kind: OneTimeCodeKind;

  @Index('one_time_codes_hash_uq', { unique: true })
  @Column('text', { name: 'code_hash' })
  codeHash: string;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
