import { Inject, Injectable } from '@nestjs/common';
import { parseBrandUrls, type IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';

/** Where a brand's contact forms go: BRAND_CONTACT_EMAILS, else CONTACT_EMAIL. Never the client's `to`. */
@Injectable()
export class ContactInboxes {
  private readonly byBrand: Map<string, string>;

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {
    this.byBrand = parseBrandUrls(config.BRAND_CONTACT_EMAILS);
  }

  inboxOf(brand: string): string {
    return this.byBrand.get(brand) ?? this.config.CONTACT_EMAIL;
  }
}
