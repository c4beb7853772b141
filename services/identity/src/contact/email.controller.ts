import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CurrentBrand, CurrentUser, Public, type AuthUser, type PlatformRequest } from '@trackside/platform';
import { assertSameBrand } from '../common/auth-error';
import { clientAddress } from '../common/client-address';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { ContactService, type EmailAccepted } from './contact.service';

/** POST /email (spec 000 section 7): contact forms, partner inquiry, and email the seller (`general`). */
@Controller('email')
export class EmailController {
  constructor(
    private readonly contact: ContactService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Answers `{ ok: true, message }` with the form's success text, or 400 with `code` and the spec's message. */
  @Post()
  @HttpCode(200)
  @Public()
  async send(
    @Body() body: unknown,
    @CurrentBrand() brand: string,
    @CurrentUser() viewer: AuthUser | null,
    @Req() req: PlatformRequest,
  ): Promise<EmailAccepted> {
    const data = (typeof body === 'object' && body !== null ? body : {}) as { brand?: unknown };
    assertSameBrand(typeof data.brand === 'string' ? data.brand : null, brand);
    return this.contact.send(brand, body, viewer, requestAddress(req, this.config.TRUST_PROXY));
  }
}

/** The client address for the submission limit (the socket's peer when no gateway forwarded one). */
export function requestAddress(req: PlatformRequest, trustProxy: boolean): string {
  return clientAddress(req, trustProxy) ?? req.socket?.remoteAddress ?? 'unknown';
}
