import { DEFAULT_BRAND_EMAIL_THEME } from '@trackside/contracts';
import { describe, expect, it } from 'vitest';
import { renderEmailLayout, safeBranding } from './email-layout';
import { EMAIL_TEMPLATE_NAMES, previewEmails } from './email-previews';

const HOSTILE = '<img src=x onerror=alert(1)>"\'&';
const BRAND = 'Trackside Jewelry';

describe('branded email layout', () => {
  const emails = previewEmails({ brandName: BRAND, origin: 'https://jewelry.example', person: HOSTILE });

  it('renders one sample of every template, each with a text and an HTML part', () => {
    expect(emails.map((email) => email.template)).toEqual(EMAIL_TEMPLATE_NAMES);
    for (const email of emails) {
      expect(email.text.length, email.template).toBeGreaterThan(0);
      expect(email.html, email.template).toMatch(/^<!doctype html>\n<html>/);
      expect(email.html, email.template).toContain('</body></html>');
    }
  });

  it('escapes what users typed in the HTML and keeps it as typed in the text', () => {
    for (const email of emails) {
      expect(email.html, email.template).not.toContain('<img src=x');
      expect(email.html, email.template).toContain('&#60;img src=x onerror=alert(1)&#62;&#34;&#39;&#38;');
      expect(email.text, email.template).toContain(HOSTILE);
    }
  });

  it("carries the brand's name in the header and footer and its primary colour on the header and the action", () => {
    const colour = DEFAULT_BRAND_EMAIL_THEME.primaryColor;
    for (const email of emails) {
      expect(email.html, email.template).toContain(`<td style="background:${colour};padding:16px 24px"><span`);
      expect(email.html, email.template).toContain(`>${BRAND}</span>`);
      expect(email.html, email.template).toContain(`color:#6b6b6b;border-top:1px solid #e5e5e5">${BRAND}</td>`);
    }
    const withAction = emails.find((email) => email.template === 'outbid')!;
    expect(withAction.html).toContain(`border:2px solid ${colour}`);
    expect(withAction.html).toContain('<a href="https://jewelry.example/auctions/sample">See the auction</a>');
  });

  it("shows the brand's logo when it has one, and falls back on an unsafe logo address or colour", () => {
    const html = renderEmailLayout({
      branding: { name: 'R&D Cars', logoUrl: 'https://cdn.example/logo.png?a=1&b=2', primaryColor: '#0a7' },
      title: 'Hi',
      lines: ['Hello'],
      link: null,
      action: '',
    });
    expect(html).toContain('<img src="https://cdn.example/logo.png?a=1&#38;b=2" alt="R&#38;D Cars"');
    expect(html).toContain('background:#0a7;');
    expect(safeBranding({ name: 'x', logoUrl: 'javascript:alert(1)', primaryColor: 'red;background:url(x)' })).toEqual({
      name: 'x',
      logoUrl: null,
      primaryColor: DEFAULT_BRAND_EMAIL_THEME.primaryColor,
    });
  });

  it('puts the unsubscribe link of notification emails inside the content, above the footer', () => {
    const live = emails.find((email) => email.template === 'watched-lot-live')!;
    const unsubscribe = live.html.indexOf('>Unsubscribe from these emails</a>');
    expect(live.html.split('>Unsubscribe from these emails</a>')).toHaveLength(2);
    expect(unsubscribe).toBeGreaterThan(live.html.indexOf('>Bid now</a>'));
    expect(unsubscribe).toBeLessThan(live.html.indexOf('border-top:1px solid #e5e5e5'));
  });
});
