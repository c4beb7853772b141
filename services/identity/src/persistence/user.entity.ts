import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export interface UserAddressData {
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  country?: string | null;
  postal?: string | null;
  state?: string | null;
}

export interface UserSocialLinksData {
  facebook?: string | null;
  twitter?: string | null;
  instagram?: string | null;
  linkedin?: string | null;
  youtube?: string | null;
}

/** The uploaded media file kept as the avatar (the upload service's answer). */
export interface UserAvatarData {
  url: string;
  id?: string | null;
  name?: string | null;
  mime?: string | null;
  alternativeText?: string | null;
  caption?: string | null;
  formats?: Record<string, { url: string; width?: number | null; height?: number | null }> | null;
}

/** An account of one brand. The same email may hold separate accounts on different brands. */
@Entity({ schema: 'identity', name: 'users' })
@Index('users_brand_email_uq', ['brand', 'email'], { unique: true })
@Index('users_brand_username_uq', ['brand', 'usernameKey'], { unique: true })
@Index('users_brand_created_idx', ['brand', 'createdAt'])
export class UserEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  brand: string;

  /** Lower-cased and trimmed. */
  @Column('text')
  email: string;

  @Column('text')
  username: string;

  /** Lower-cased username: display names are unique per brand regardless of case. */
  @Column('text', { name: 'username_key' })
  usernameKey: string;

  /** argon2id PHC string; null for an invited user who has not chosen a password yet. */
  @Column('text', { name: 'password_hash', nullable: true })
  passwordHash: string | null;

  @Column('text', { default: 'local' })
  provider: string;

  @Column('boolean', { default: false })
  confirmed: boolean;

  @Column('boolean', { default: false })
  blocked: boolean;

  @Column('text', { default: 'authenticated' })
  role: string;

  @Column('text', { name: 'first_name', nullable: true })
  firstName: string | null;

  @Column('text', { name: 'last_name', nullable: true })
  lastName: string | null;

  @Column('text', { nullable: true })
  phone: string | null;

  @Column('text', { nullable: true })
  bio: string | null;

  @Column('text', { nullable: true })
  website: string | null;

  @Column('jsonb', { default: {} })
  address: UserAddressData;

  @Column('jsonb', { name: 'social_links', default: {} })
  socialLinks: UserSocialLinksData;

  @Column('jsonb', { nullable: true })
  avatar: UserAvatarData | null;

  @Column('boolean', { name: 'perm_super_admin', default: false })
  permSuperAdmin: boolean;

  @Column('boolean', { name: 'perm_manage_users', default: false })
  permManageUsers: boolean;

  @Column('boolean', { name: 'perm_auction_enabled', default: false })
  permAuctionEnabled: boolean;

  @Column('boolean', { name: 'perm_website_enabled', default: false })
  permWebsiteEnabled: boolean;

  @Column('boolean', { name: 'perm_manage_homepage', default: false })
  permManageHomepage: boolean;

  @Column('boolean', { name: 'perm_website_theme', default: false })
  permWebsiteTheme: boolean;

  /** Bumped on password reset, password change and "log out everywhere": older tokens are refused. */
  @Column('integer', { name: 'token_version', default: 0 })
  tokenVersion: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
