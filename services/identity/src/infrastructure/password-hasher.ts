import { Inject, Injectable } from '@nestjs/common';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';

// `Algorithm` is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** argon2id hashing (PHC strings). Passwords never leave this class in clear. */
@Injectable()
export class PasswordHasher {
  private readonly options: { algorithm: Algorithm; memoryCost: number; timeCost: number; parallelism: number };
  private dummy: Promise<string> | null = null;

  constructor(@Inject(IDENTITY_CONFIG) config: Pick<IdentityConfig, 'ARGON2_MEMORY_KIB' | 'ARGON2_TIME_COST'>) {
    this.options = { algorithm: ARGON2ID, memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST, parallelism: 1 };
  }

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) {
      // Same work as a real check, so an unknown email takes as long as a wrong password.
      await verify(await this.dummyHash(), password).catch(() => false);
      return false;
    }
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= hash('no-such-account-dummy-password', this.options);
    return this.dummy;
  }
}
