import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Per-brand sign-up settings (Strapi's "advanced settings"); a brand without a row uses the defaults. */
@Entity({ schema: 'identity', name: 'auth_settings' })
export class AuthSettingsEntity {
  @PrimaryColumn('text')
  brand: string;

  @Column('boolean', { name: 'allow_register', default: true })
  allowRegister: boolean;

  @Column('boolean', { name: 'email_confirmation', default: true })
  emailConfirmation: boolean;

  @Column('text', { name: 'default_role', default: 'authenticated' })
  defaultRole: string;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
