import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_NAMES } from './email-previews';
import { linkify, renderMailboxEmail, renderMailboxList, renderMailboxPreviews } from './local-mailbox-page';

const EMAIL = {
  id: '0b6d6c1e-8a43-4c52-9d1f-2f0a5b1c9e01',
  brand: 'jewelry',
  template: 'email-confirmation',
  to: 'ada@example.test',
  subject: 'Trackside Jewelry: confirm <your> email',
  status: 'captured',
  text: 'Hello <b>Ada</b>,\n\nhttp://127.0.0.1:3000/auth/email-confirmation?confirmation=a&b=1\n\nThanks',
  html: '<p>Hello</p>',
  createdAt: new Date('2026-11-26T12:00:00Z'),
};

describe('local mailbox pages', () => {
  it('escapes the text and makes only its addresses links', () => {
    expect(linkify('see <i>x</i> https://a.test/p?q=1&r=2 now')).toBe(
      'see &#60;i&#62;x&#60;/i&#62; <a href="https://a.test/p?q=1&#38;r=2">https://a.test/p?q=1&#38;r=2</a> now',
    );
  });

  it('lists emails with escaped subjects linking to their page, and says when there are none', () => {
    const list = renderMailboxList([EMAIL]);
    expect(list).toContain(`<a href="/dev/mailbox/${EMAIL.id}">Trackside Jewelry: confirm &#60;your&#62; email</a>`);
    expect(list).not.toContain('<your>');
    expect(renderMailboxList([])).toContain('No emails yet.');
  });

  it('shows one email: headers, the text with a clickable link, and the HTML version link', () => {
    const page = renderMailboxEmail(EMAIL);
    expect(page).toContain('<dd>ada@example.test</dd>');
    expect(page).toContain('Hello &#60;b&#62;Ada&#60;/b&#62;');
    expect(page).toContain('<a href="http://127.0.0.1:3000/auth/email-confirmation?confirmation=a&#38;b=1">');
    expect(page).toContain(`/dev/mailbox/${EMAIL.id}/html`);
    expect(renderMailboxEmail({ ...EMAIL, html: null, text: null })).not.toContain('/html"');
  });

  it('previews every template for each brand, the HTML in a sandboxed frame and the text below it', () => {
    const page = renderMailboxPreviews([
      { brand: 'trackside', name: 'Trackside', origin: 'http://web.test' },
      { brand: 'jewelry', name: 'Trackside <Jewelry>', origin: 'http://jewelry.test' },
    ]);
    expect(renderMailboxList([])).toContain('<a href="/dev/mailbox/previews">');
    expect(page).toContain('<h2>Trackside (trackside)</h2>');
    expect(page).toContain('<h2>Trackside &#60;Jewelry&#62; (jewelry)</h2>');
    for (const template of EMAIL_TEMPLATE_NAMES) expect(page.split(`<summary>${template}: `)).toHaveLength(3);
    expect(page.split('<iframe sandbox="" ')).toHaveLength(1 + 2 * EMAIL_TEMPLATE_NAMES.length);
    // The frames' documents are attribute values: no markup of theirs reaches the page itself.
    expect(page).not.toContain('<!doctype html>\n<html><head><meta charset="utf-8"><meta name="viewport"');
    expect(page).toContain('srcdoc="&#60;!doctype html&#62;');
  });
});
