import { describe, expect, it } from 'vitest';
import { readEmailRequest } from './contact-form.rules';

const contact = (overrides: Record<string, unknown> = {}) => ({
  to: 'anyone@example.test',
  from: 'Ada <ada@example.test>',
  subject: 'Question',
  template: 'CONTACT_US',
  'o:tag': 'contact',
  'v:name': 'Ada',
  'v:email': 'ada@example.test',
  'v:phone': '555 0100',
  'v:reason': 'Buying',
  'v:message': 'Hello there',
  ...overrides,
});

const partner = (overrides: Record<string, unknown> = {}) => ({
  template: 'partner-inquiry',
  'v:name': 'Ada',
  'v:email': 'ada@example.test',
  'v:phoneNumber': '555 0100',
  'v:businessName': 'Ada Motors',
  ...overrides,
});

describe('POST /email bodies (spec 000 sections 5 and 7)', () => {
  it('read the three contact forms, in the spec’s spelling or kebab case, with their fields in order', () => {
    for (const [template, type] of [
      ['CONTACT_US', 'CONTACT_US'],
      ['contact-us-dealer', 'CONTACT_US_DEALER'],
      ['CONTACT_US_PARTNER', 'CONTACT_US_PARTNER'],
    ] as const) {
      const check = readEmailRequest(contact({ template }));
      expect(check).toMatchObject({ ok: true, request: { kind: 'contact', type, name: 'Ada', email: 'ada@example.test', tag: 'contact' } });
    }
    const check = readEmailRequest(contact({ 'v:zeta': 'last', 'v:alpha': 'first' }));
    expect(check.ok && check.request.kind === 'contact' && check.request.fields).toEqual([
      { label: 'Name', value: 'Ada' },
      { label: 'Email', value: 'ada@example.test' },
      { label: 'Phone', value: '555 0100' },
      { label: 'Reason', value: 'Buying' },
      { label: 'Message', value: 'Hello there' },
      { label: 'alpha', value: 'first' },
      { label: 'zeta', value: 'last' },
    ]);
    // The form type may come as the tag, the variables as a `v` object, the email from `from`.
    const nested = readEmailRequest({ 'o:tag': 'CONTACT_US', subject: 'Hi', from: 'Ada <Ada@Example.test>', v: { name: 'Ada' } });
    expect(nested).toMatchObject({ ok: true, request: { kind: 'contact', type: 'CONTACT_US', email: 'ada@example.test' } });
  });

  it('apply the contact form rules: name, a valid email, a reason', () => {
    expect(readEmailRequest(contact({ 'v:name': '  ' }))).toEqual({ ok: false, code: 'contact.name.provide' });
    expect(readEmailRequest(contact({ 'v:email': '', from: '' }))).toEqual({ ok: false, code: 'contact.email.provide' });
    expect(readEmailRequest(contact({ 'v:email': 'not-an-email' }))).toEqual({ ok: false, code: 'contact.email.format' });
    expect(readEmailRequest(contact({ 'v:reason': '', subject: '' }))).toEqual({ ok: false, code: 'contact.reason.provide' });
    expect(readEmailRequest(contact({ 'v:reason': '' })).ok).toBe(true);
  });

  it('apply the partner form rules: name, email, phone number and business name; the rest optional', () => {
    expect(readEmailRequest(partner())).toMatchObject({ ok: true, request: { kind: 'partner', name: 'Ada' } });
    expect(readEmailRequest(partner({ 'v:name': '' }))).toEqual({ ok: false, code: 'contact.name.provide' });
    expect(readEmailRequest(partner({ 'v:email': '' }))).toEqual({ ok: false, code: 'contact.email.provide' });
    expect(readEmailRequest(partner({ 'v:email': 'x@' }))).toEqual({ ok: false, code: 'contact.email.format' });
    expect(readEmailRequest(partner({ 'v:phoneNumber': '' }))).toEqual({ ok: false, code: 'contact.phoneNumber.provide' });
    expect(readEmailRequest(partner({ 'v:businessName': ' ' }))).toEqual({ ok: false, code: 'contact.businessName.provide' });
  });

  it('read the email-the-seller form (template general)', () => {
    const general = {
      to: 'Seller@Example.test',
      subject: 'Your car',
      template: 'general',
      'v:content': 'Is it available?',
      'v:contactPhone': '555',
    };
    expect(readEmailRequest(general)).toEqual({
      ok: true,
      request: {
        kind: 'general',
        to: 'seller@example.test',
        subject: 'Your car',
        header: null,
        content: 'Is it available?',
        contactPhone: '555',
        tag: null,
      },
    });
    expect(readEmailRequest({ ...general, subject: '' })).toEqual({ ok: false, code: 'email.subject.required' });
    expect(readEmailRequest({ ...general, 'v:content': '' })).toEqual({ ok: false, code: 'email.body.required' });
    expect(readEmailRequest({ ...general, to: 'nobody' })).toEqual({ ok: false, code: 'email.seller.unreachable' });
  });

  it("read the spec's body shape for general: variables: { content } (issue 24 item 11)", () => {
    const spec = { to: 'seller@example.test', subject: 'Your car', template: 'general', variables: { content: 'Still for sale?' } };
    expect(readEmailRequest(spec)).toMatchObject({ ok: true, request: { kind: 'general', content: 'Still for sale?' } });
    expect(readEmailRequest({ ...spec, variables: { content: ' ' } })).toEqual({ ok: false, code: 'email.body.required' });
  });

  it('refuse unknown templates, oversized fields and too many fields', () => {
    expect(readEmailRequest(contact({ template: 'password-reset', 'o:tag': null }))).toEqual({
      ok: false,
      code: 'contact.template.invalid',
    });
    expect(readEmailRequest(null)).toEqual({ ok: false, code: 'contact.template.invalid' });
    expect(readEmailRequest(contact({ 'v:name': 'x'.repeat(201) }))).toEqual({ ok: false, code: 'contact.field.tooLong' });
    expect(readEmailRequest(contact({ 'v:message': 'x'.repeat(5000) })).ok).toBe(true);
    expect(readEmailRequest(contact({ 'v:message': 'x'.repeat(5001) }))).toEqual({ ok: false, code: 'contact.field.tooLong' });
    expect(readEmailRequest(contact({ subject: 'x'.repeat(201) }))).toEqual({ ok: false, code: 'contact.field.tooLong' });
    const many = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`v:f${i}`, 'x']));
    expect(readEmailRequest(contact(many))).toEqual({ ok: false, code: 'contact.field.tooLong' });
  });
});
