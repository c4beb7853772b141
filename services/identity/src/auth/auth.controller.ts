import { Body, Controller, Get, HttpCode, Inject, Post, Query, Redirect, Req } from '@nestjs/common';
import { AUTH_ERROR_MESSAGES } from '@trackside/contracts';
import { ApiError, CurrentBrand, DomainError, Public, type PlatformRequest } from '@trackside/platform';
import { assertSameBrand } from '../common/auth-error';
import { clientAddress } from '../common/client-address';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { AuthService } from './auth.service';

/** REST routes of spec 000 section 7 under /auth (the gateway proxies /auth/* here). */
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Resends the confirmation email: `{ email, sent: true }`, or 400 with `code` missing.email,
   * wrong.email, already.confirmed or blocked.user (spec 000 section 8); 429
   * Auth.form.error.tooManyAttempts past the attempt limit (issue 18, L6).
   */
  @Post('send-email-confirmation')
  @HttpCode(200)
  @Public()
  async sendEmailConfirmation(
    @Body() body: unknown,
    @CurrentBrand() brand: string,
    @Req() req: PlatformRequest,
  ): Promise<{ email: string; sent: true }> {
    const data = (typeof body === 'object' && body !== null ? body : {}) as { email?: unknown; brand?: unknown };
    assertSameBrand(typeof data.brand === 'string' ? data.brand : null, brand);
    const outcome = await this.auth.resendConfirmation(data.email, brand, clientAddress(req, this.config.TRUST_PROXY));
    if ('code' in outcome) throw new ApiError(outcome.code, AUTH_ERROR_MESSAGES[outcome.code]);
    return { email: String(data.email).trim().toLowerCase(), sent: true };
  }

  /**
   * The link of the confirmation email: confirms, then sends the browser to the success page. A used
   * or expired link opened in a browser (it asks for text/html) goes to a page that says so
   * (/confirmation/invalid, issue 24 item 24); an API client still gets the JSON error.
   */
  @Get('email-confirmation')
  @Redirect('/confirmation/success', 302)
  @Public()
  async emailConfirmation(
    @Query('confirmation') confirmation: unknown,
    @Req() req: PlatformRequest,
  ): Promise<{ url: string; statusCode: number } | void> {
    try {
      await this.auth.confirmEmail(confirmation);
    } catch (error) {
      if ((error instanceof DomainError || error instanceof ApiError) && wantsPage(req))
        return { url: '/confirmation/invalid', statusCode: 302 };
      throw error;
    }
  }
}

/** A browser's navigation asks for an HTML page; fetch and API clients ask for JSON or anything. */
function wantsPage(req: PlatformRequest): boolean {
  const accept = req.headers?.accept;
  return typeof accept === 'string' && accept.toLowerCase().includes('text/html');
}
