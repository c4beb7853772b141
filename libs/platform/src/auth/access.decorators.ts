import { SetMetadata } from '@nestjs/common';
import type { StaffFlag } from './auth-user';

export const ACCESS_RULE = 'trackside:access-rule';

export interface AccessRule {
  public?: boolean;
  signedIn?: boolean;
  confirmed?: boolean;
  /** Any one of these flags suffices; superAdmin passes every staff check. */
  staff?: StaffFlag[];
}

/**
 * Every resolver and controller states who may call it; the global guard denies handlers that
 * state nothing, so a forgotten decorator fails closed.
 */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(ACCESS_RULE, { public: true } satisfies AccessRule);
export const SignedIn = (): MethodDecorator & ClassDecorator => SetMetadata(ACCESS_RULE, { signedIn: true } satisfies AccessRule);
export const Confirmed = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCESS_RULE, { signedIn: true, confirmed: true } satisfies AccessRule);
export const Staff = (...flags: StaffFlag[]): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCESS_RULE, { signedIn: true, staff: flags } satisfies AccessRule);
