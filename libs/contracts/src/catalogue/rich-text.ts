/**
 * The HTML a RICH_TEXT listing field may hold (spec 002 section 5: heading, bold, italic, link,
 * lists, indent, quote, table). One allowlist sanitiser for both sides: the catalogue cleans the
 * value on write and the web app cleans it again before display. It works on the string (no DOM),
 * so it runs the same in Node and in the browser. Anything not on the list goes: scripts and their
 * text, event handlers, style sheets, javascript: and data: links, comments, unknown tags (their
 * text stays, escaped).
 */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'div',
  'span',
  'h1',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);
const VOID_TAGS = new Set(['br']);
/** Removed together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
  'select',
  'title',
  'head',
  'frameset',
  'frame',
  'applet',
]);
/** Style properties the editor's indent writes (Chromium indents a paragraph as a styled blockquote). */
const STYLE_PROPERTIES = new Set(['margin', 'margin-left', 'padding', 'padding-left', 'border', 'text-align']);
const STYLE_VALUE = /^[0-9a-z .%-]{1,40}$/;
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};
// No '<' inside a tag (browsers write it as &lt; in attributes): a failed match stops at the next '<', so
// scanning stays linear however the input is crafted.
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<![^<>]*>?|<\?[^<>]*>?|<\/?([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"<]*"|'[^'<]*'|[^\s"'=<>`]+))?|\s*\/)*)\s*>/g;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"<]*)"|'([^'<]*)'|([^\s"'=<>`]+)))?/g;
export const RICH_TEXT_MAX_LENGTH = 50_000;

/** Decodes character references (for checking link schemes, never for output). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** http(s), mailto and site-relative links only. */
export function safeLinkUrl(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!url) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme) return ['http', 'https', 'mailto'].includes(scheme) ? url : null;
  if (url.startsWith('//')) return null;
  return url.startsWith('/') || url.startsWith('#') ? url : null;
}

function safeStyle(raw: string): string | null {
  const kept: string[] = [];
  for (const declaration of decodeEntities(raw).split(';')) {
    const [name, ...rest] = declaration.split(':');
    const property = name?.trim().toLowerCase() ?? '';
    const value = rest.join(':').trim().toLowerCase();
    if (STYLE_PROPERTIES.has(property) && STYLE_VALUE.test(value)) kept.push(`${property}: ${value}`);
  }
  return kept.length > 0 ? kept.join('; ') : null;
}

function attributesOf(tag: string, source: string): string {
  const out: string[] = [];
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    if (tag === 'a' && name === 'href') {
      const href = safeLinkUrl(value);
      if (href) out.push(`href="${escapeAttribute(href)}"`);
    } else if (tag === 'a' && name === 'title') out.push(`title="${escapeAttribute(decodeEntities(value).slice(0, 200))}"`);
    else if ((tag === 'td' || tag === 'th') && (name === 'colspan' || name === 'rowspan') && /^\d{1,2}$/.test(value))
      out.push(`${name}="${value}"`);
    else if (name === 'style' && tag !== 'a') {
      const style = safeStyle(value);
      if (style) out.push(`style="${escapeAttribute(style)}"`);
    }
  }
  if (tag === 'a') out.push('rel="noopener noreferrer nofollow"', 'target="_blank"');
  return out.length > 0 ? ` ${out.join(' ')}` : '';
}

/** The allowed subset of `html`, with every element closed. */
export function sanitizeRichText(html: string): string {
  let out = '';
  const open: string[] = [];
  let dropping: string | null = null;
  let last = 0;
  const text = (chunk: string) => {
    if (!dropping && chunk) out += escapeText(chunk);
  };
  for (const match of html.matchAll(TOKEN)) {
    text(html.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[1]?.toLowerCase();
    if (!name) continue; // comment, doctype, processing instruction
    const closing = match[0][1] === '/';
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!closing && !match[0].endsWith('/>')) dropping = name;
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (VOID_TAGS.has(name)) {
      if (!closing) out += `<${name}>`;
      continue;
    }
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()!}>`;
      continue;
    }
    out += `<${name}${attributesOf(name, match[2] ?? '')}>`;
    open.push(name);
  }
  text(html.slice(last));
  while (open.length > 0) out += `</${open.pop()!}>`;
  return out;
}

/** The text a reader sees (for emptiness checks: an editor left with `<p><br></p>` holds nothing). */
export function richTextPlain(html: string): string {
  return decodeEntities(sanitizeRichText(html).replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
