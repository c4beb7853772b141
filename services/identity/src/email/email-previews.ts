import { directoryPlanEndedEmail, directoryPlanPastDueEmail, directoryPlanRenewedEmail } from './directory-subscription-templates';
import { confirmationEmail, inviteEmail, resetPasswordEmail, type EmailTemplateName, type RenderedEmail } from './email-templates';
import {
  auctionEndedEmail,
  auctionLostEmail,
  auctionWonEmail,
  bidVoidedEmail,
  contactEmail,
  emailSellerEmail,
  listingExpiredEmail,
  listingExpiryReminderEmail,
  lotEndingSoonEmail,
  maxBidExceededEmail,
  outbidEmail,
  partnerInquiryEmail,
  watchedLotLiveEmail,
} from './notification-templates';
import { paymentReceiptEmail } from './payment-receipt-email';

/**
 * Every email template rendered with sample data (issue 23 "Branded emails"), for the local mailbox's
 * previews page and the spec that holds every template to the branded layout. `person` stands for
 * whatever a user typed (their name, a lot title, a message), so a hostile value reaches every template.
 */
export interface PreviewSample {
  brandName: string;
  /** The web origin the sample links point at. */
  origin: string;
  person: string;
}

/** Every template name, checked against EmailTemplateName by the compiler (a new name must be listed here). */
const TEMPLATE_NAMES = {
  'email-confirmation': true,
  'reset-password': true,
  invite: true,
  'contact-us': true,
  'contact-us-dealer': true,
  'contact-us-partner': true,
  'partner-inquiry': true,
  'email-seller': true,
  outbid: true,
  'auction-won': true,
  'auction-ended': true,
  'bid-voided': true,
  'listing-expiry-reminder': true,
  'listing-expired': true,
  'payment-receipt': true,
  'directory-plan-renewed': true,
  'directory-plan-past-due': true,
  'directory-plan-ended': true,
  'watched-lot-live': true,
  'lot-ending-soon': true,
  'auction-lost': true,
  'max-bid-exceeded': true,
} satisfies Record<EmailTemplateName, true>;

export const EMAIL_TEMPLATE_NAMES = Object.keys(TEMPLATE_NAMES) as EmailTemplateName[];

function accountEmails(s: PreviewSample): RenderedEmail[] {
  const common = { brandName: s.brandName, username: s.person };
  return [
    confirmationEmail({ ...common, link: `${s.origin}/auth/email-confirmation?confirmation=sample`, expiresInHours: 168 }),
    resetPasswordEmail({ ...common, link: `${s.origin}/reset-password/sample`, expiresInMinutes: 60 }),
    inviteEmail({ ...common, link: `${s.origin}/reset-password/sample`, expiresInHours: 72, invitedBy: s.person }),
  ];
}

function messageEmails(s: PreviewSample): RenderedEmail[] {
  const fields = [
    { label: 'Name', value: s.person },
    { label: 'Message', value: `Is the car still available? ${s.person}` },
  ];
  return [
    contactEmail({ brandName: s.brandName, type: 'CONTACT_US', subject: s.person, fields }),
    contactEmail({ brandName: s.brandName, type: 'CONTACT_US_DEALER', subject: null, fields }),
    contactEmail({ brandName: s.brandName, type: 'CONTACT_US_PARTNER', subject: null, fields }),
    partnerInquiryEmail({ brandName: s.brandName, fields }),
    emailSellerEmail({
      brandName: s.brandName,
      senderName: s.person,
      senderEmail: 'buyer@example.test',
      contactPhone: '+1 555 0100',
      subject: `About ${s.person}`,
      header: null,
      content: `Hello, ${s.person} here: can I see the car on Saturday?`,
    }),
  ];
}

function auctionEmails(s: PreviewSample): RenderedEmail[] {
  const lot = {
    brandName: s.brandName,
    username: s.person,
    lotTitle: `1967 Mini Cooper S ${s.person}`,
    link: `${s.origin}/auctions/sample`,
  };
  const unsubscribeLink = `${s.origin}/notifications/unsubscribe/sample`;
  const notice = { ...lot, unsubscribeLink };
  return [
    outbidEmail({ ...lot, amount: 'USD 12,500.00' }),
    auctionWonEmail({ ...lot, amount: 'USD 13,000.00' }),
    auctionEndedEmail({ ...lot, outcome: 'SOLD', amount: 'USD 13,000.00' }),
    bidVoidedEmail({ ...lot, amount: 'USD 12,000.00', reason: s.person }),
    watchedLotLiveEmail({ ...notice, endsAt: '2026-12-01 18:00 UTC' }),
    lotEndingSoonEmail({ ...notice, hours: 2 }),
    auctionLostEmail({ ...notice, sold: true }),
    maxBidExceededEmail({ ...notice, amount: 'USD 14,000.00' }),
  ];
}

function accountNoticeEmails(s: PreviewSample): RenderedEmail[] {
  const owner = { brandName: s.brandName, username: s.person };
  const plan = { ...owner, entryName: `${s.person} Motors`, periodEnd: '2026-12-26T00:00:00Z', link: `${s.origin}/directory/update` };
  return [
    listingExpiryReminderEmail({ ...owner, listingTitle: s.person, daysLeft: 3, expiry: '2026-11-29', link: `${s.origin}/dashboard` }),
    listingExpiredEmail({ ...owner, listingTitle: s.person, link: `${s.origin}/dashboard` }),
    paymentReceiptEmail({
      ...owner,
      receiptNumber: 'R-2026-000123',
      itemType: 'LISTING',
      paymentType: 'ONE_TIME',
      itemName: s.person,
      amount: 'USD 29.00',
      discount: null,
      paidAt: new Date('2026-11-26T12:00:00Z'),
      card: 'Visa ending 4242',
      onBehalf: false,
      link: `${s.origin}/receipts/sample`,
    }),
    directoryPlanRenewedEmail(plan),
    directoryPlanPastDueEmail({ ...plan, reason: 'card declined' }),
    directoryPlanEndedEmail({ ...plan, reason: 'canceled' }),
  ];
}

/** One sample of every template, in EMAIL_TEMPLATE_NAMES order. */
export function previewEmails(sample: PreviewSample): RenderedEmail[] {
  const all = [...accountEmails(sample), ...messageEmails(sample), ...auctionEmails(sample), ...accountNoticeEmails(sample)];
  const order = new Map(EMAIL_TEMPLATE_NAMES.map((name, index) => [name, index]));
  return all.sort((a, b) => order.get(a.template)! - order.get(b.template)!);
}
