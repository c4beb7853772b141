import { Body, Controller, HttpCode, Inject, Put, Req } from '@nestjs/common';
import { CurrentBrand, CurrentUser, SignedIn, type AuthUser, type PlatformRequest } from '@trackside/platform';
import { AuthService } from '../auth/auth.service';
import { assertSameBrand } from '../common/auth-error';
import { clientAddress } from '../common/client-address';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';

/** REST routes under /users (spec 000 section 7). */
@Controller('users')
export class UsersController {
  constructor(
    private readonly auth: AuthService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Body: `{ currentPassword, password, passwordConfirmation }` with the bearer token. Answers
   * `{ ok: true, jwt }`: the change ends every session (issue 18, M5), `jwt` continues this one.
   */
  @Put('changePassword')
  @HttpCode(200)
  @SignedIn()
  async changePassword(
    @Body() body: unknown,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
    @Req() req: PlatformRequest,
  ): Promise<{ ok: true; jwt: string }> {
    const data = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    assertSameBrand(typeof data.brand === 'string' ? data.brand : null, brand);
    const { jwt } = await this.auth.changePassword(user.id, brand, data, clientAddress(req, this.config.TRUST_PROXY));
    return { ok: true, jwt };
  }
}
