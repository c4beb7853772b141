import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A provider account (its `sub`) linked to a user of the brand. */
@Entity({ schema: 'identity', name: 'social_identities' })
@Index('social_identities_user_idx', ['userId'])
export class SocialIdentityEntity {
  @PrimaryColumn('text')
  brand: string;

  @PrimaryColumn('text')
  provider: string;

  @PrimaryColumn('text')
  subject: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  /** The verified email the provider gave when the link was made. */
  @Column('text')
  email: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'last_sign_in_at' })
  lastSignInAt: Date;
}
