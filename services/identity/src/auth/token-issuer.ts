import { Inject, Injectable } from '@nestjs/common';
import { PLATFORM_SETTINGS, signAccessToken, type PlatformSettings } from '@trackside/platform';
import type { UserEntity } from '../persistence';
import { toAuthUser } from '../users/user.mapper';

/** Issues the HS256 access token every service verifies locally (libs/platform). */
@Injectable()
export class TokenIssuer {
  constructor(@Inject(PLATFORM_SETTINGS) private readonly platform: PlatformSettings) {}

  issue(user: UserEntity): string {
    return signAccessToken(toAuthUser(user), this.platform.jwtSecret, this.platform.jwtExpiresInSeconds);
  }
}
