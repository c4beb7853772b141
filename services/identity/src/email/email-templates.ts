import { DEFAULT_BRAND_EMAIL_THEME } from '@trackside/contracts';
import { brandCompanyName, brandLook } from './brand-names';
import { renderEmailLayout, type EmailBranding } from './email-layout';

/**
 * Email templates as plain functions: data in, subject/text/html out. Every value placed in HTML is
 * escaped. Links carry one-time codes, so they are only ever built here and in the outbox.
 */
export interface RenderedEmail {
  template: EmailTemplateName;
  subject: string;
  text: string;
  html: string;
}

export type EmailTemplateName =
  | 'email-confirmation'
  | 'reset-password'
  | 'invite'
  | 'contact-us'
  | 'contact-us-dealer'
  | 'contact-us-partner'
  | 'partner-inquiry'
  | 'email-seller'
  | 'outbid'
  | 'auction-won'
  | 'auction-ended'
  | 'bid-voided'
  | 'listing-expiry-reminder'
  | 'listing-expired'
  | 'payment-receipt'
  | 'directory-plan-renewed'
  | 'directory-plan-past-due'
  | 'directory-plan-ended'
  // Issue 21's notification emails (notification-templates.ts).
  | 'watched-lot-live'
  | 'lot-ending-soon'
  | 'auction-lost'
  | 'max-bid-exceeded';

interface Common {
  brandName: string;
  username: string;
  link: string;
}

export function confirmationEmail(data: Common & { expiresInHours: number }): RenderedEmail {
  const subject = `${data.brandName}: confirm your email address`;
  const lines = [
    `Hello ${data.username},`,
    `Thank you for registering with ${data.brandName}. Please confirm your email address with the link below:`,
    data.link,
    `The link works once and expires in ${describeHours(data.expiresInHours)}. If you did not register, you can ignore this email.`,
  ];
  return {
    template: 'email-confirmation',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'Confirm my email', data.brandName),
  };
}

export function resetPasswordEmail(data: Common & { expiresInMinutes: number }): RenderedEmail {
  const subject = `${data.brandName}: reset your password`;
  const lines = [
    `Hello ${data.username},`,
    `We received a request to reset the password of your ${data.brandName} account. Choose a new password with the link below:`,
    data.link,
    `The link works once and expires in ${data.expiresInMinutes} minutes. If you did not ask for this, you can ignore this email: your password has not changed.`,
  ];
  return {
    template: 'reset-password',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'Reset my password', data.brandName),
  };
}

export function inviteEmail(data: Common & { expiresInHours: number; invitedBy: string }): RenderedEmail {
  const subject = `${data.brandName}: you have been invited`;
  const lines = [
    `Hello ${data.username},`,
    `${data.invitedBy} invited you to ${data.brandName}. Choose a password to activate your account with the link below:`,
    data.link,
    `The link works once and expires in ${describeHours(data.expiresInHours)}.`,
  ];
  return {
    template: 'invite',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'Choose my password', data.brandName),
  };
}

function describeHours(hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? '1 day' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/**
 * The HTML of an email through the branded layout (email-layout.ts): one paragraph per line, the link
 * line as a button. `brandName` names the brand in the header; without it the header stays blank.
 */
export function layout(title: string, lines: string[], link: string | null = null, action = '', brandName = ''): string {
  return renderEmailLayout({ branding: emailBranding(brandName), title, lines, link, action });
}

/**
 * The brand's look in emails: the primary colour and header logo its BrandProfileConfigured carried
 * (brand-names.ts), else the contracts' defaults (docs/decisions.md "Branded emails (issue 23)"). A logo
 * that is not an absolute http(s) address falls back to the brand's name in the header (email-layout.ts).
 */
export function emailBranding(brandName: string): EmailBranding {
  const look = brandLook(brandName);
  return {
    name: brandName,
    logoUrl: look?.logoUrl ?? DEFAULT_BRAND_EMAIL_THEME.logoUrl,
    primaryColor: look?.primaryColor ?? DEFAULT_BRAND_EMAIL_THEME.primaryColor,
  };
}

export { escapeHtml } from './email-layout';

/**
 * The brand's name in emails: its configuration's companyName, followed from the catalogue
 * ("Trackside Jewelry", brand-names.ts); until that is known, from its key ("jewelry" → "Jewelry").
 */
export function brandDisplayName(brand: string): string {
  const configured = brandCompanyName(brand);
  if (configured) return configured;
  return brand
    .split('-')
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');
}
