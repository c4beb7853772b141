import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CurrentBrand, Public, type PlatformRequest } from '@trackside/platform';
import { assertSameBrand } from '../common/auth-error';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { requestAddress } from '../contact/email.controller';
import { NewsletterService } from './newsletter.service';

/** POST /subscribe (spec 000 section 7): `{ email, fields: { name } }` answers `{ ok: true, email }`. */
@Controller('subscribe')
export class NewsletterController {
  constructor(
    private readonly newsletter: NewsletterService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Post()
  @HttpCode(200)
  @Public()
  subscribe(@Body() body: unknown, @CurrentBrand() brand: string, @Req() req: PlatformRequest): Promise<{ ok: true; email: string }> {
    const data = (typeof body === 'object' && body !== null ? body : {}) as { brand?: unknown };
    assertSameBrand(typeof data.brand === 'string' ? data.brand : null, brand);
    return this.newsletter.subscribe(brand, body, requestAddress(req, this.config.TRUST_PROXY));
  }
}
