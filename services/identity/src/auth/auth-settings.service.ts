import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '@trackside/platform';
import { authError } from '../common/auth-error';
import { AuthSettingsEntity } from '../persistence';

/** Roles a new account can get. Staff rights are the permission flags, not roles. */
export const KNOWN_ROLES: ReadonlySet<string> = new Set(['authenticated']);

export interface AuthSettings {
  allowRegister: boolean;
  emailConfirmation: boolean;
  defaultRole: string;
}

export const DEFAULT_AUTH_SETTINGS: AuthSettings = { allowRegister: true, emailConfirmation: true, defaultRole: 'authenticated' };

/** Per-brand sign-up settings; a brand without a row uses the defaults. */
@Injectable()
export class AuthSettingsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async get(brand: string, manager?: EntityManager): Promise<AuthSettings> {
    const row = await (manager ?? this.db.manager).getRepository(AuthSettingsEntity).findOne({ where: { brand } });
    return row
      ? { allowRegister: row.allowRegister, emailConfirmation: row.emailConfirmation, defaultRole: row.defaultRole }
      : DEFAULT_AUTH_SETTINGS;
  }

  async update(brand: string, changes: Partial<AuthSettings>): Promise<AuthSettings> {
    if (changes.defaultRole !== undefined && !KNOWN_ROLES.has(changes.defaultRole)) throw authError('Auth.form.error.role.notFound');
    return this.db.transaction(async (manager) => {
      const current = await this.get(brand, manager);
      const next: AuthSettings = {
        allowRegister: changes.allowRegister ?? current.allowRegister,
        emailConfirmation: changes.emailConfirmation ?? current.emailConfirmation,
        defaultRole: changes.defaultRole ?? current.defaultRole,
      };
      await manager.getRepository(AuthSettingsEntity).upsert({ brand, ...next, updatedAt: this.clock.now() }, ['brand']);
      return next;
    });
  }
}
