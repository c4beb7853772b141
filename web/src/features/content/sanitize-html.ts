/**
 * A small allow-list HTML sanitiser for content from the content service (pages and articles).
 * It never passes input through: it tokenises the markup and rebuilds it from allowed tags and
 * attributes only, escaping every text run and attribute value. Script-like elements are dropped
 * with their content; event handlers, style and unknown attributes are dropped; links and images
 * keep only http(s), mailto, tel and relative URLs (entities and control characters are decoded
 * before the scheme check, so `jav&#x61;script:` is caught).
 */
const ALLOWED_TAGS = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** Elements removed together with everything inside them. */
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
  'frame',
  'frameset',
  'textarea',
  'select',
  'title',
  'xmp',
  'noembed',
  'plaintext',
]);
const GLOBAL_ATTRIBUTES = new Set(['title', 'lang', 'dir']);
const TAG_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  ol: new Set(['start']),
};
const URL_ATTRIBUTES = new Set(['href', 'src']);

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

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function escapeText(value: string): string {
  return value
    .replace(/&(?!(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** http(s), mailto, tel, or a relative URL (path, query, fragment); anything else is refused. */
export function isSafeUrl(raw: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what browsers ignore inside a scheme
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  if (!scheme) return true;
  return ['http', 'https', 'mailto', 'tel'].includes(scheme[1]!.toLowerCase());
}

function sanitizeAttributes(tag: string, source: string): string {
  const allowed = TAG_ATTRIBUTES[tag];
  const out: string[] = [];
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  let match: RegExpExecArray | null;
  const seen = new Set<string>();
  while ((match = pattern.exec(source)) !== null) {
    const name = match[1]!.toLowerCase();
    if (seen.has(name)) continue;
    seen.add(name);
    if (!GLOBAL_ATTRIBUTES.has(name) && !allowed?.has(name)) continue;
    const value = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
    if (URL_ATTRIBUTES.has(name) && !isSafeUrl(value)) continue;
    if (name === 'target' && value !== '_blank') continue;
    out.push(` ${name}="${escapeAttribute(value)}"`);
  }
  // A link opening a new tab never gets a handle on this window.
  if (tag === 'a' && seen.has('target') && out.some((attribute) => attribute.startsWith(' target='))) {
    const index = out.findIndex((attribute) => attribute.startsWith(' rel='));
    if (index >= 0) out.splice(index, 1);
    out.push(' rel="noopener noreferrer"');
  }
  return out.join('');
}

/** Answers markup built only from allowed tags and attributes; unclosed allowed tags are closed at the end. */
export function sanitizeHtml(input: string): string {
  const out: string[] = [];
  const open: string[] = [];
  // Comments, doctype/processing instructions, CDATA, tags; everything else is text.
  const token = /<!--[\s\S]*?(?:-->|$)|<![\s\S]*?(?:>|$)|<\?[\s\S]*?(?:>|$)|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  let last = 0;
  let dropping: string | null = null;
  let match: RegExpExecArray | null;
  while ((match = token.exec(input)) !== null) {
    if (!dropping && match.index > last) out.push(escapeText(input.slice(last, match.index)));
    last = token.lastIndex;
    const whole = match[0];
    const name = match[1]?.toLowerCase();
    if (!name) continue; // comment, doctype, processing instruction
    const closing = whole.startsWith('</');
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!closing && !/\/\s*>$/.test(whole)) dropping = name;
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()!}>`);
      continue;
    }
    out.push(`<${name}${sanitizeAttributes(name, match[2] ?? '')}>`);
    if (!VOID_TAGS.has(name)) open.push(name);
  }
  if (!dropping && last < input.length) out.push(escapeText(input.slice(last)));
  while (open.length > 0) out.push(`</${open.pop()!}>`);
  return out.join('');
}

/** Whether a body is HTML (else it is plain text shown as paragraphs). */
export function looksLikeHtml(body: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i.test(body);
}
