import { describe, expect, it } from 'vitest';
import { isSafeUrl, looksLikeHtml, sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps the allowed formatting, links and images', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong> and <em>slanted</em> text, <a href="/pricing">pricing</a>.</p>' +
      '<ul><li>one</li><li>two</li></ul><img src="/images/a.jpg" alt="A car"><br><blockquote>Quote</blockquote>';
    expect(sanitizeHtml(html)).toBe(html.replace('<img src="/images/a.jpg" alt="A car">', '<img src="/images/a.jpg" alt="A car">'));
  });

  it('drops scripts, styles and frames with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeHtml('<SCRIPT type="text/javascript">alert(1)</SCRIPT >ok')).toBe('ok');
    expect(sanitizeHtml('<style>body{display:none}</style><iframe src="https://x.test"></iframe>x')).toBe('x');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>after')).toBe('after');
    expect(sanitizeHtml('<p>never closed<script>alert(1)')).toBe('<p>never closed</p>');
  });

  it('drops event handlers, style and unknown attributes', () => {
    expect(sanitizeHtml('<img src="/a.png" onerror="alert(1)" style="x" alt="a">')).toBe('<img src="/a.png" alt="a">');
    expect(sanitizeHtml('<p onclick=alert(1) class="c" title="t">x</p>')).toBe('<p title="t">x</p>');
    expect(sanitizeHtml('<a href="/x" ONMOUSEOVER="alert(1)">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('refuses javascript:, data: and vbscript: URLs, however they are spelt', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'jav&#x61;script:alert(1)',
      'jav&#97;script:alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
      expect(isSafeUrl(href), href).toBe(false);
    }
    expect(sanitizeHtml('<img src=javascript:alert(1) alt=x>')).toBe('<img alt="x">');
    for (const href of ['https://example.com', 'http://example.com/a?b=c', '/page/x', '#top', 'mailto:a@b.c', 'tel:+15550100', 'page'])
      expect(isSafeUrl(href), href).toBe(true);
  });

  it('escapes text and attribute values so nothing breaks out', () => {
    expect(sanitizeHtml('1 < 2 > 0 & done')).toBe('1 &lt; 2 &gt; 0 &amp; done');
    expect(sanitizeHtml('<a title="a&quot;onclick=&quot;x" href="/y">x</a>')).toBe('<a title="a&quot;onclick=&quot;x" href="/y">x</a>');
    expect(sanitizeHtml('<a href="/x" title=\'"><script>\'>x</a>')).toBe('<a href="/x" title="&quot;&gt;&lt;script&gt;">x</a>');
    // Read as one unknown tag `<scr …>`: dropped, the rest is harmless text.
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
    expect(sanitizeHtml('&lt;script&gt; stays text')).toBe('&lt;script&gt; stays text');
  });

  it('drops comments, unknown tags and stray closing tags, and closes what is left open', () => {
    expect(sanitizeHtml('<!-- hidden --><custom-el>text</custom-el></div><form><input value="x"></form>')).toBe('text');
    expect(sanitizeHtml('<ul><li>one<li>two</ul>')).toBe('<ul><li>one<li>two</li></li></ul>');
    expect(sanitizeHtml('<div><p>open')).toBe('<div><p>open</p></div>');
  });

  it('keeps a new-tab link safe from the opened page', () => {
    expect(sanitizeHtml('<a href="https://x.test" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
  });
});

describe('looksLikeHtml', () => {
  it('tells HTML from plain text', () => {
    expect(looksLikeHtml('<p>Hello</p>')).toBe(true);
    expect(looksLikeHtml('Line one<br/>two')).toBe(true);
    expect(looksLikeHtml('Plain text, 1 < 2 and 3 > 2.')).toBe(false);
  });
});
