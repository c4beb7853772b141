import { EMAIL_CONTENT_END } from './email-layout';
import { escapeHtml, layout, type RenderedEmail } from './email-templates';

/**
 * Templates of the emails people send through us (contact forms, partner inquiry, email the seller)
 * and of the auction notifications (outbid, won, ended). Same rules as email-templates.ts: plain
 * functions, every value escaped in HTML.
 */

export type ContactFormType = 'CONTACT_US' | 'CONTACT_US_DEALER' | 'CONTACT_US_PARTNER';

const CONTACT_TEMPLATES = {
  CONTACT_US: { template: 'contact-us', label: 'Contact us' },
  CONTACT_US_DEALER: { template: 'contact-us-dealer', label: 'Dealer enquiry' },
  CONTACT_US_PARTNER: { template: 'contact-us-partner', label: 'Partner enquiry' },
} as const;

export interface FormField {
  label: string;
  value: string;
}

/** A contact-us form (the three types of spec 000 section 2) for the brand's inbox. */
export function contactEmail(data: {
  brandName: string;
  type: ContactFormType;
  subject: string | null;
  fields: FormField[];
}): RenderedEmail {
  const kind = CONTACT_TEMPLATES[data.type];
  const subject = `${data.brandName}: ${kind.label}${data.subject ? ` - ${data.subject}` : ''}`;
  const lines = [`${kind.label} form sent from the ${data.brandName} website.`, ...fieldLines(data.fields)];
  return { template: kind.template, subject, text: lines.join('\n\n'), html: layout(subject, lines, null, '', data.brandName) };
}

/** The partner inquiry form. */
export function partnerInquiryEmail(data: { brandName: string; fields: FormField[] }): RenderedEmail {
  const subject = `${data.brandName}: partner inquiry`;
  const lines = [`Partner inquiry sent from the ${data.brandName} website.`, ...fieldLines(data.fields)];
  return { template: 'partner-inquiry', subject, text: lines.join('\n\n'), html: layout(subject, lines, null, '', data.brandName) };
}

/** A signed-in user's message to a seller (POST /email, template general). */
export function emailSellerEmail(data: {
  brandName: string;
  senderName: string;
  senderEmail: string;
  contactPhone: string | null;
  subject: string;
  header: string | null;
  content: string;
}): RenderedEmail {
  const subject = `${data.brandName}: ${data.subject}`;
  const lines = [
    ...(data.header ? [data.header] : []),
    `${data.senderName} (${data.senderEmail}) sent you a message through ${data.brandName}:`,
    data.content,
    ...(data.contactPhone ? [`Phone: ${data.contactPhone}`] : []),
    'Reply to this email to answer them.',
  ];
  return { template: 'email-seller', subject, text: lines.join('\n\n'), html: layout(subject, lines, null, '', data.brandName) };
}

/** A message to a lot's seller relayed from the auction service (SellerEmailRequested). */
export function sellerMessageEmail(data: {
  brandName: string;
  subject: string;
  header: string;
  subheader: string;
  content: string;
}): RenderedEmail {
  const subject = `${data.brandName}: ${data.subject}`;
  const lines = [data.header, data.subheader, data.content].filter((line) => line !== '');
  return { template: 'email-seller', subject, text: lines.join('\n\n'), html: layout(subject, lines, null, '', data.brandName) };
}

interface LotNotice {
  brandName: string;
  username: string;
  lotTitle: string;
  link: string;
}

export function outbidEmail(data: LotNotice & { amount: string }): RenderedEmail {
  const subject = `${data.brandName}: you have been outbid on ${data.lotTitle}`;
  const lines = [
    `Hello ${data.username},`,
    `Another bidder bid ${data.amount} on ${data.lotTitle} and is now the top bidder. Bid again to stay in the running:`,
    data.link,
  ];
  return {
    template: 'outbid',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'See the auction', data.brandName),
  };
}

/** `holdNeeded`: the win came from a bid voided after the end, and this bidder's hold was already released. */
export function auctionWonEmail(data: LotNotice & { amount: string; holdNeeded?: boolean }): RenderedEmail {
  const subject = `${data.brandName}: you won ${data.lotTitle}`;
  const lines = [
    `Hello ${data.username},`,
    `Congratulations: the auction of ${data.lotTitle} has ended and your bid of ${data.amount} won. The seller will be in touch about the next steps.`,
    ...(data.holdNeeded
      ? [
          'A higher bid was removed after the auction ended, so your card hold on this lot had already been released and nothing has been charged. Please place a new hold or payment from the auction page to complete your purchase.',
        ]
      : []),
    data.link,
  ];
  return {
    template: 'auction-won',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'See the auction', data.brandName),
  };
}

export function auctionEndedEmail(data: LotNotice & { outcome: 'SOLD' | 'RESERVE_NOT_MET'; amount: string | null }): RenderedEmail {
  const subject = `${data.brandName}: the auction of ${data.lotTitle} has ended`;
  const result =
    data.outcome === 'SOLD'
      ? `It sold for ${data.amount}. We have told the winning bidder.`
      : data.amount
        ? `The top bid, ${data.amount}, did not meet your reserve, so the lot did not sell.`
        : 'It received no bids, so the lot did not sell.';
  const lines = [`Hello ${data.username},`, `The auction of ${data.lotTitle} has ended. ${result}`, data.link];
  return {
    template: 'auction-ended',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'See the auction', data.brandName),
  };
}

/** Staff voided a bid (docs/decisions.md "Staff remedies"): its bidder learns which, and why. */
export function bidVoidedEmail(data: LotNotice & { amount: string; reason: string }): RenderedEmail {
  const subject = `${data.brandName}: your bid was removed`;
  const lines = [
    `Hello ${data.username},`,
    `Our staff removed your bid of ${data.amount} on ${data.lotTitle}. It no longer counts in the auction.`,
    `Reason: ${data.reason}`,
    'If you think this is a mistake, reply to this email or contact us through the website.',
    data.link,
  ];
  return {
    template: 'bid-voided',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'See the auction', data.brandName),
  };
}

/** Integer cents as the API shows money: two decimals, thousands separators and the currency code. */
export function formatMoney(cents: number | bigint | string, currency: string): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const whole = (absolute / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${currency} ${whole}.${fraction}`;
}

function fieldLines(fields: FormField[]): string[] {
  return fields.filter((field) => field.value !== '').map((field) => `${field.label}: ${field.value}`);
}

/** Paddock listing reminders (spec 002: daysBeforeExpiry and emailExpiryOffset days before expiry). */
export function listingExpiryReminderEmail(data: {
  brandName: string;
  username: string;
  listingTitle: string;
  daysLeft: number;
  expiry: string;
  link: string;
}): RenderedEmail {
  const days = data.daysLeft === 1 ? '1 day' : `${data.daysLeft} days`;
  const subject = `${data.brandName}: your listing ${data.listingTitle} expires in ${days}`;
  const lines = [
    `Hi ${data.username},`,
    `Your listing ${data.listingTitle} expires on ${data.expiry.slice(0, 10)} (in ${days}).`,
    'Renew it from your dashboard to keep it online:',
    data.link,
  ];
  return {
    template: 'listing-expiry-reminder',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'My listings', data.brandName),
  };
}

/** A Paddock listing reached its expiry. */
export function listingExpiredEmail(data: { brandName: string; username: string; listingTitle: string; link: string }): RenderedEmail {
  const subject = `${data.brandName}: your listing ${data.listingTitle} has expired`;
  const lines = [
    `Hi ${data.username},`,
    `Your listing ${data.listingTitle} has expired and is no longer shown. You can list it again from your dashboard:`,
    data.link,
  ];
  return {
    template: 'listing-expired',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'My listings', data.brandName),
  };
}

/** Issue 21's notification emails: every one ends with its one-click unsubscribe link (docs/notifications.md). */
interface Unsubscribable {
  unsubscribeLink: string;
}

/** Appends the one-click unsubscribe link (text and HTML) to a rendered notification email. */
export function withUnsubscribe(rendered: RenderedEmail, link: string): RenderedEmail {
  const anchor = `<p><a href="${escapeHtml(link)}">Unsubscribe from these emails</a></p>`;
  return {
    ...rendered,
    text: `${rendered.text}\n\nUnsubscribe from these emails: ${link}`,
    // Inside the branded layout's content, above its footer (email-layout.ts).
    html: rendered.html.replace(EMAIL_CONTENT_END, `${anchor}\n${EMAIL_CONTENT_END}`),
  };
}

/** A lot on the user's watchlist went live. */
export function watchedLotLiveEmail(data: LotNotice & Unsubscribable & { endsAt: string | null }): RenderedEmail {
  const subject = `${data.brandName}: ${data.lotTitle} is live`;
  const lines = [
    `Hello ${data.username},`,
    `${data.lotTitle}, on your watchlist, is now open for bidding${data.endsAt ? ` until ${data.endsAt}` : ''}.`,
    data.link,
  ];
  const rendered: RenderedEmail = {
    template: 'watched-lot-live',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'Bid now', data.brandName),
  };
  return withUnsubscribe(rendered, data.unsubscribeLink);
}

/** A watched or bid-on lot ends within `hours` hours. */
export function lotEndingSoonEmail(data: LotNotice & Unsubscribable & { hours: number }): RenderedEmail {
  const left = data.hours === 1 ? '1 hour' : `${data.hours} hours`;
  const subject = `${data.brandName}: ${data.lotTitle} ends in ${left}`;
  const lines = [`Hello ${data.username},`, `The auction of ${data.lotTitle} ends in less than ${left}.`, data.link];
  const rendered: RenderedEmail = {
    template: 'lot-ending-soon',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'See the auction', data.brandName),
  };
  return withUnsubscribe(rendered, data.unsubscribeLink);
}

/** A bidder who did not win (another bidder won, or the reserve was not met). */
export function auctionLostEmail(data: LotNotice & Unsubscribable & { sold: boolean }): RenderedEmail {
  const subject = `${data.brandName}: the auction of ${data.lotTitle} has ended`;
  const result = data.sold ? 'Another bidder won it.' : 'The reserve was not met, so the lot did not sell.';
  const lines = [`Hello ${data.username},`, `The auction of ${data.lotTitle}, which you bid on, has ended. ${result}`, data.link];
  const rendered: RenderedEmail = {
    template: 'auction-lost',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'See the auction', data.brandName),
  };
  return withUnsubscribe(rendered, data.unsubscribeLink);
}

/** Proxy bidding: a bid passed the bidder's maximum (their maximum is theirs to know; the email names only the new price). */
export function maxBidExceededEmail(data: LotNotice & Unsubscribable & { amount: string }): RenderedEmail {
  const subject = `${data.brandName}: your maximum bid on ${data.lotTitle} was exceeded`;
  const lines = [
    `Hello ${data.username},`,
    `Another bidder bid ${data.amount} on ${data.lotTitle}, above your maximum bid. Raise your maximum or bid again to stay in the running:`,
    data.link,
  ];
  const rendered: RenderedEmail = {
    template: 'max-bid-exceeded',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'See the auction', data.brandName),
  };
  return withUnsubscribe(rendered, data.unsubscribeLink);
}
