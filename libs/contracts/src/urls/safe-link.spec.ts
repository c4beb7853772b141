import { describe, expect, it } from 'vitest';
import { isSafeHandleOrLink, isSafeLink } from './safe-link';

describe('isSafeLink (issue 18, L10)', () => {
  it('accepts http, https, mailto and site paths', () => {
    for (const link of ['https://example.test/a?b=c', 'http://example.test', 'mailto:sales@example.test', '/auctions', '/', ' /paddock '])
      expect(isSafeLink(link), link).toBe(true);
  });

  it('probe: refuses javascript: and other schemes, however they are spelled', () => {
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/x',
      '/\\evil.example',
      'evil.example',
      'https://',
      'mailto:',
      '',
      `https://example.test/${'a'.repeat(2000)}`,
    ])
      expect(isSafeLink(link), JSON.stringify(link)).toBe(false);
  });

  it('images take no mailto:, web addresses only http(s)', () => {
    expect(isSafeLink('mailto:a@example.test', 'resource')).toBe(false);
    expect(isSafeLink('/uploads/a.png', 'resource')).toBe(true);
    expect(isSafeLink('/about', 'web')).toBe(false);
    expect(isSafeLink('https://facebook.com/trackside', 'web')).toBe(true);
  });
});

describe('isSafeHandleOrLink (issue 18, L10: profile social links)', () => {
  it('keeps handles and http(s) addresses, refuses other schemes', () => {
    for (const value of ['@grace', 'grace.hopper', 'https://instagram.com/grace', '']) expect(isSafeHandleOrLink(value), value).toBe(true);
    for (const value of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil.example', 'java\tscript:x'])
      expect(isSafeHandleOrLink(value), value).toBe(false);
  });
});
