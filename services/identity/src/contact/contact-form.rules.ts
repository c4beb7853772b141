import type { ContactErrorCode } from '@trackside/contracts';
import type { ContactFormType, FormField } from '../email/notification-templates';

/**
 * The body of POST /email (spec 000 section 7: to, from, subject, template, o:tag and v: fields)
 * read into one of the forms it carries, and checked with the rules of spec 000 section 5. Pure:
 * no I/O, so the rules are tested on their own (contact-form.rules.spec.ts).
 */
export type EmailRequest =
  | { kind: 'contact'; type: ContactFormType; name: string; email: string; subject: string | null; tag: string | null; fields: FormField[] }
  | { kind: 'partner'; name: string; email: string; tag: string | null; fields: FormField[] }
  | {
      kind: 'general';
      to: string;
      subject: string;
      header: string | null;
      content: string;
      contactPhone: string | null;
      tag: string | null;
    };

export type EmailRequestCheck = { ok: true; request: EmailRequest } | { ok: false; code: ContactErrorCode | GeneralErrorCode };
type GeneralErrorCode =
  'email.subject.required' | 'email.body.required' | 'email.subject.tooLong' | 'email.body.tooLong' | 'email.seller.unreachable';

const MAX_FIELD = 200;
const MAX_LONG_FIELD = 5000;
const MAX_FIELDS = 30;
const LONG_FIELDS = new Set(['message', 'comments', 'content', 'description']);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Form types by template (or o:tag) name, in the spec's spelling or kebab case. */
const FORM_TYPES: Record<string, ContactFormType | 'PARTNER_INQUIRY' | 'GENERAL'> = {
  contact_us: 'CONTACT_US',
  contact_us_dealer: 'CONTACT_US_DEALER',
  contact_us_partner: 'CONTACT_US_PARTNER',
  partner_inquiry: 'PARTNER_INQUIRY',
  partner: 'PARTNER_INQUIRY',
  general: 'GENERAL',
};

/** Labels of the known `v:` fields, in the order the email shows them. */
const LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  phonenumber: 'Phone',
  reason: 'Reason',
  businessname: 'Business name',
  businesswebsite: 'Business website',
  website: 'Website',
  instagram: 'Instagram',
  message: 'Message',
  comments: 'Comments',
};

export function isValidContactEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

export function readEmailRequest(body: unknown): EmailRequestCheck {
  const data = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const vars = new Map<string, { key: string; value: string }>();
  const collect = (key: string, value: unknown): void => {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return;
    vars.set(key.toLowerCase(), { key, value: String(value).trim() });
  };
  for (const [key, value] of Object.entries(data)) if (key.startsWith('v:')) collect(key.slice(2), value);
  if (typeof data.v === 'object' && data.v !== null) for (const [key, value] of Object.entries(data.v)) collect(key, value);
  // The spec's body shape for `general`: `variables: { content, ... }` (issue 24 item 11).
  if (typeof data.variables === 'object' && data.variables !== null && !Array.isArray(data.variables))
    for (const [key, value] of Object.entries(data.variables)) collect(key, value);
  if (vars.size > MAX_FIELDS) return { ok: false, code: 'contact.field.tooLong' };
  for (const [name, { value }] of vars)
    if (value.length > (LONG_FIELDS.has(name) ? MAX_LONG_FIELD : MAX_FIELD)) return { ok: false, code: 'contact.field.tooLong' };

  const text = (value: unknown, max = MAX_FIELD): string | null | 'tooLong' => {
    if (typeof value !== 'string') return null;
    const trimmed = value.trim();
    if (trimmed.length > max) return 'tooLong';
    return trimmed === '' ? null : trimmed;
  };
  const tag = text(data['o:tag']);
  const subject = text(data.subject);
  const from = text(data.from);
  if (tag === 'tooLong' || subject === 'tooLong' || from === 'tooLong') return { ok: false, code: 'contact.field.tooLong' };
  const typeName = formType(data.template) ?? formType(tag);
  if (!typeName) return { ok: false, code: 'contact.template.invalid' };
  const get = (name: string): string => vars.get(name)?.value ?? '';

  if (typeName === 'GENERAL') {
    const to = typeof data.to === 'string' ? data.to.trim().toLowerCase() : '';
    const content = get('content') || get('message');
    if (!subject) return { ok: false, code: 'email.subject.required' };
    if (content === '') return { ok: false, code: 'email.body.required' };
    if (!isValidContactEmail(to)) return { ok: false, code: 'email.seller.unreachable' };
    return {
      ok: true,
      request: {
        kind: 'general',
        to,
        subject,
        header: get('header') || null,
        content,
        contactPhone: get('contactphone') || get('phone') || null,
        tag,
      },
    };
  }

  const name = get('name');
  if (name === '') return { ok: false, code: 'contact.name.provide' };
  const email = (get('email') || fromAddress(from)).toLowerCase();
  if (email === '') return { ok: false, code: 'contact.email.provide' };
  if (!isValidContactEmail(email)) return { ok: false, code: 'contact.email.format' };
  vars.set('email', { key: 'email', value: email });
  const fields = fieldsOf(vars);
  if (typeName === 'PARTNER_INQUIRY') {
    if (get('phonenumber') === '' && get('phone') === '') return { ok: false, code: 'contact.phoneNumber.provide' };
    if (get('businessname') === '') return { ok: false, code: 'contact.businessName.provide' };
    return { ok: true, request: { kind: 'partner', name, email, tag, fields } };
  }
  if (get('reason') === '' && !subject) return { ok: false, code: 'contact.reason.provide' };
  return { ok: true, request: { kind: 'contact', type: typeName, name, email, subject, tag, fields } };
}

function formType(value: unknown): (typeof FORM_TYPES)[string] | null {
  if (typeof value !== 'string') return null;
  return FORM_TYPES[value.trim().toLowerCase().replace(/-/g, '_')] ?? null;
}

/** "Ada <ada@example.com>" or "ada@example.com". */
function fromAddress(from: string | null): string {
  if (!from) return '';
  const match = /<([^>]+)>\s*$/.exec(from);
  return (match ? match[1]! : from).trim();
}

function fieldsOf(vars: Map<string, { key: string; value: string }>): FormField[] {
  const known = Object.keys(LABELS)
    .filter((name) => vars.has(name) && vars.get(name)!.value !== '')
    .map((name) => ({ label: LABELS[name]!, value: vars.get(name)!.value }));
  const others = [...vars]
    .filter(([name, { value }]) => !(name in LABELS) && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, { key, value }]) => ({ label: key, value }));
  return [...known, ...others];
}
