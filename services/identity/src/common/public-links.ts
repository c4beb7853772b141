import { Inject, Injectable } from '@nestjs/common';
import { parseBrandUrls, type IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';

/** Links in emails point at the brand's web origin (BRAND_PUBLIC_URLS, else PUBLIC_URL). */
@Injectable()
export class PublicLinks {
  private readonly brandUrls: Map<string, string>;
  private readonly fallback: string;

  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    this.brandUrls = parseBrandUrls(config.BRAND_PUBLIC_URLS);
    this.fallback = config.PUBLIC_URL.replace(/\/+$/, '');
  }

  origin(brand: string): string {
    return this.brandUrls.get(brand) ?? this.fallback;
  }

  /** The REST route that confirms and redirects to /confirmation/success. */
  emailConfirmation(brand: string, code: string): string {
    return `${this.origin(brand)}/auth/email-confirmation?confirmation=${encodeURIComponent(code)}`;
  }

  /** The web app's reset page (spec 000 section 2: /reset-password/{code}); invitations use it too. */
  resetPassword(brand: string, code: string): string {
    return `${this.origin(brand)}/reset-password/${encodeURIComponent(code)}`;
  }
}
