import { describe, expect, it } from 'vitest';
import { richTextPlain, safeLinkUrl, sanitizeRichText } from './rich-text';

describe('rich text sanitiser (RICH_TEXT listing fields)', () => {
  it("keeps the editor's formatting: headings, bold, italic, lists, quotes, indents, tables and links", () => {
    const html =
      '<h2>Spec</h2><p><b>Bold</b> and <i>italic</i> and <strong>s</strong><em>e</em><br></p><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<blockquote>quoted</blockquote><blockquote style="margin: 0 0 0 40px; border: none; padding: 0px;">indented</blockquote>' +
      '<table><tbody><tr><th colspan="2">h</th></tr><tr><td>a</td><td>b</td></tr></tbody></table>';
    // sanitize-html rewrites styles as `property:value` pairs without spaces (the trailing ';' goes).
    expect(sanitizeRichText(html)).toBe(
      html.replace('margin: 0 0 0 40px; border: none; padding: 0px;', 'margin:0 0 0 40px;border:none;padding:0px'),
    );
    expect(sanitizeRichText('<a href="https://example.org/a?b=1&amp;c=2">x</a>')).toBe(
      '<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
  });

  it('removes scripts with their text, event handlers, style sheets, frames and comments', () => {
    expect(sanitizeRichText('<p onclick="alert(1)" onmouseover=alert(2)>hi</p>')).toBe('<p>hi</p>');
    expect(sanitizeRichText('a<script>alert(1)</script>b<SCRIPT src=x></SCRIPT >c')).toBe('abc');
    expect(sanitizeRichText('<style>p{}</style><iframe src="https://x"></iframe><!-- note -->ok')).toBe('ok');
    expect(sanitizeRichText('<img src=x onerror=alert(1)>pic')).toBe('pic');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg>x')).toBe('x');
    // An unknown tag `<scr<script>` goes; the rest is inert, escaped text (the hand-written engine kept '&lt;scr').
    expect(sanitizeRichText('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
    expect(sanitizeRichText('<p style="background:url(javascript:alert(1))">s</p>')).toBe('<p>s</p>');
    // The paddock e2e spec's crafted value sent straight to the API.
    expect(sanitizeRichText('<p onclick="steal()">ok<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>')).toBe(
      '<p>ok<a rel="noopener noreferrer nofollow" target="_blank">x</a></p>',
    );
  });

  it('drops javascript:, data: and protocol-relative links however they are spelt', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'jav&#x61;script:alert(1)',
      'jav&#97;script:alert(1)',
      'java\tscript:alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox',
      '//evil.example/x',
      '/\\evil.example/x',
    ])
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toBe('<a rel="noopener noreferrer nofollow" target="_blank">x</a>');
    expect(safeLinkUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeLinkUrl('/paddock')).toBe('/paddock');
    expect(safeLinkUrl('example.org')).toBeNull();
    // Checked on the decoded URL, written as a browser reads it (surrounding spaces and line breaks go).
    expect(safeLinkUrl(' https://example.org/a?b=1&amp;c=2\n')).toBe('https://example.org/a?b=1&c=2');
  });

  it('escapes stray markup, closes open elements and ignores stray closing tags', () => {
    expect(sanitizeRichText('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeRichText('<b>open <i>nested')).toBe('<b>open <i>nested</i></b>');
    expect(sanitizeRichText('</ul>x</b>')).toBe('x');
    expect(sanitizeRichText('<b><i>x</b>y')).toBe('<b><i>x</i></b>y');
    expect(sanitizeRichText('<a title="a&quot;b" href="/x" target="_top">t</a>')).toBe(
      '<a title="a&quot;b" href="/x" rel="noopener noreferrer nofollow" target="_blank">t</a>',
    );
    expect(sanitizeRichText('<unknown>kept text</unknown>')).toBe('kept text');
  });

  it('stays linear on crafted input', () => {
    const started = Date.now();
    sanitizeRichText('<a x="'.repeat(10_000));
    sanitizeRichText('<a '.repeat(20_000));
    sanitizeRichText('<!--'.repeat(10_000));
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers the plain text of a value (an empty editor holds nothing)', () => {
    expect(richTextPlain('<p><br></p>')).toBe('');
    expect(richTextPlain('<h2>Fast</h2><p>car &amp; <b>more</b></p>')).toBe('Fast car & more');
  });
});
