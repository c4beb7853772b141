/**
 * One allowlist HTML sanitiser, parameterised by a policy: RICH_TEXT listing fields (the catalogue
 * cleans them on write, the web app again before display) and content pages / media articles (the
 * web app cleans them before display). It works on the string (no DOM), so it runs the same in Node
 * and in the browser, and it never passes markup through: it tokenises the input and rebuilds it from
 * allowed tags and attributes only, escaping every text run and attribute value. Anything not on the
 * policy goes: scripts and their text, event handlers, style sheets, unsafe URLs, comments, unknown
 * tags (their text stays, escaped).
 */

/** Which URLs an `href`/`src` may hold. */
export interface UrlRule {
  /** Schemes allowed (lower case); any other scheme is refused. */
  readonly schemes: readonly string[];
  /**
   * URLs without a scheme: 'rooted' keeps only site paths (`/…`, not `//host` or `/\host`) and
   * fragments (`#…`); 'any' keeps every relative URL (including `//host/…`).
   */
  readonly relative: 'rooted' | 'any';
}

export interface HtmlPolicy {
  /** Elements kept (with their allowed attributes); any other element goes and its text stays. */
  readonly tags: ReadonlySet<string>;
  /** Allowed elements without content or closing tag. */
  readonly voidTags: ReadonlySet<string>;
  /** Attributes kept on every allowed element. */
  readonly globalAttributes: ReadonlySet<string>;
  /** Attributes kept on one element (`style` only where listed, and only `styleProperties`). */
  readonly tagAttributes: Readonly<Record<string, ReadonlySet<string>>>;
  readonly urls: UrlRule;
  /**
   * 'always': every link opens in a new tab (the author's target and rel are ignored);
   * 'on-request': target="_blank" is kept when written (any other target goes).
   * Either way a link opening a new tab carries `newTabRel` instead of the author's rel.
   */
  readonly newTab: 'always' | 'on-request';
  readonly newTabRel: string;
  /** CSS properties a `style` attribute may keep, with short plain values. */
  readonly styleProperties: ReadonlySet<string>;
}

/** Removed together with everything inside them, whatever the policy. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'noembed',
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
  'xmp',
  'plaintext',
]);
const URL_ATTRIBUTES = new Set(['href', 'src']);
const STYLE_VALUE = /^[0-9a-z .%-]{1,40}$/;
const MAX_TITLE = 200;
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
// scanning stays linear however the input is crafted. A tag that would need one is read as text (escaped).
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<![^<>]*>?|<\?[^<>]*>?|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"<]*"|'[^'<]*'|[^\s"'=<>`]+))?|\s*\/)*)\s*>/g;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"<]*)"|'([^'<]*)'|([^\s"'=<>`]+)))?/g;

/** Decodes character references (for checking and rewriting attribute values, never for text output). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** Text as written, with '<', '>' and bare '&' escaped (character references stay as they are). */
function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The URL to write for `raw` (an attribute value as written, character references and all), or null
 * when the rule refuses it. The check runs on the decoded value with every control character and space
 * removed, so `jav&#x61;script:` and `java\tscript:` are caught; the URL written is what a browser
 * would read (tabs and line breaks removed, surrounding spaces trimmed).
 */
export function safeUrl(raw: string, rule: UrlRule): string | null {
  const decoded = decodeEntities(raw);
  // eslint-disable-next-line no-control-regex -- control characters are what browsers skip inside a scheme
  const probe = decoded.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  // eslint-disable-next-line no-control-regex -- the same clean-up a browser does before parsing a URL
  const url = decoded.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(probe)?.[1]?.toLowerCase();
  if (scheme) return rule.schemes.includes(scheme) ? url : null;
  if (rule.relative === 'any') return url;
  // A browser reads '\' as '/', so '/\host' is another site just like '//host'.
  if (/^[/\\][/\\]/.test(probe)) return null;
  return probe.startsWith('/') || probe.startsWith('#') ? url : null;
}

function safeStyle(raw: string, properties: ReadonlySet<string>): string | null {
  const kept: string[] = [];
  for (const declaration of decodeEntities(raw).split(';')) {
    const [name, ...rest] = declaration.split(':');
    const property = name?.trim().toLowerCase() ?? '';
    const value = rest.join(':').trim().toLowerCase();
    if (properties.has(property) && STYLE_VALUE.test(value)) kept.push(`${property}: ${value}`);
  }
  return kept.length > 0 ? kept.join('; ') : null;
}

/** The value to write for one allowed attribute, or null to drop it. */
function attributeValue(name: string, raw: string, policy: HtmlPolicy): string | null {
  if (URL_ATTRIBUTES.has(name)) return safeUrl(raw, policy.urls);
  if (name === 'style') return safeStyle(raw, policy.styleProperties);
  const value = decodeEntities(raw);
  if (name === 'colspan' || name === 'rowspan') return /^\d{1,2}$/.test(value) ? value : null;
  if (name === 'target') return value === '_blank' ? value : null;
  if (name === 'title') return value.slice(0, MAX_TITLE);
  return value;
}

function attributesOf(tag: string, source: string, policy: HtmlPolicy): string {
  const allowed = policy.tagAttributes[tag];
  const out: string[] = [];
  const seen = new Set<string>();
  let newTab = tag === 'a' && policy.newTab === 'always';
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    // The first of repeated attributes is the one a browser reads.
    if (seen.has(name)) continue;
    seen.add(name);
    if (!policy.globalAttributes.has(name) && !allowed?.has(name)) continue;
    if (tag === 'a' && (name === 'rel' || name === 'target') && policy.newTab === 'always') continue;
    const value = attributeValue(name, match[2] ?? match[3] ?? match[4] ?? '', policy);
    if (value === null) continue;
    if (name === 'target') newTab = true;
    out.push(`${name}="${escapeAttribute(value)}"`);
  }
  if (newTab) {
    // A link opening a new tab never gets a handle on this window.
    const rel = out.findIndex((attribute) => attribute.startsWith('rel='));
    if (rel >= 0) out.splice(rel, 1);
    out.push(`rel="${policy.newTabRel}"`);
    if (!out.some((attribute) => attribute.startsWith('target='))) out.push('target="_blank"');
  }
  return out.length > 0 ? ` ${out.join(' ')}` : '';
}

/** The subset of `html` the policy allows, with every element closed. */
export function sanitizeHtml(html: string, policy: HtmlPolicy): string {
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
      if (!closing && !/\/\s*>$/.test(match[0])) dropping = name;
      continue;
    }
    if (!policy.tags.has(name)) continue;
    if (closing) {
      if (policy.voidTags.has(name)) continue;
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()!}>`;
      continue;
    }
    out += `<${name}${attributesOf(name, match[2] ?? '', policy)}>`;
    if (!policy.voidTags.has(name)) open.push(name);
  }
  text(html.slice(last));
  while (open.length > 0) out += `</${open.pop()!}>`;
  return out;
}

/** The text a reader sees, spaces collapsed (for emptiness checks: `<p><br></p>` holds nothing). */
export function htmlPlainText(html: string, policy: HtmlPolicy): string {
  return decodeEntities(sanitizeHtml(html, policy).replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a body is HTML (else it is plain text shown as paragraphs). No '<' inside a tag, so it stays linear. */
export function looksLikeHtml(body: string): boolean {
  return /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i.test(body);
}

function set(...names: string[]): ReadonlySet<string> {
  return new Set(names);
}

const RICH_TEXT_TAGS = set(
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
);

/**
 * RICH_TEXT listing fields (spec 002 section 5: heading, bold, italic, link, lists, indent, quote,
 * table). `style` on every element but links and `br`, limited to what the editor's indent writes
 * (Chromium indents a paragraph as a styled blockquote); links go to http(s), mailto or a site path and
 * always open in a new tab without passing on the referrer or ranking.
 */
export const RICH_TEXT_POLICY: HtmlPolicy = {
  tags: RICH_TEXT_TAGS,
  voidTags: set('br'),
  globalAttributes: set(),
  tagAttributes: {
    ...Object.fromEntries([...RICH_TEXT_TAGS].filter((tag) => tag !== 'a' && tag !== 'br').map((tag) => [tag, set('style')])),
    a: set('href', 'title'),
    th: set('style', 'colspan', 'rowspan'),
    td: set('style', 'colspan', 'rowspan'),
  },
  urls: { schemes: ['http', 'https', 'mailto'], relative: 'rooted' },
  newTab: 'always',
  newTabRel: 'noopener noreferrer nofollow',
  styleProperties: set('margin', 'margin-left', 'padding', 'padding-left', 'border', 'text-align'),
};

/**
 * Content pages and media articles (written by staff): a wider set of elements, images, any relative
 * URL and tel: links, title/lang/dir everywhere, no style; a link opens a new tab only when it asks for
 * target="_blank".
 */
export const CONTENT_POLICY: HtmlPolicy = {
  tags: set(
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
  ),
  voidTags: set('br', 'hr', 'img'),
  globalAttributes: set('title', 'lang', 'dir'),
  tagAttributes: {
    a: set('href', 'target', 'rel'),
    img: set('src', 'alt', 'width', 'height'),
    td: set('colspan', 'rowspan'),
    th: set('colspan', 'rowspan', 'scope'),
    ol: set('start'),
  },
  urls: { schemes: ['http', 'https', 'mailto', 'tel'], relative: 'any' },
  newTab: 'on-request',
  newTabRel: 'noopener noreferrer',
  styleProperties: set(),
};
