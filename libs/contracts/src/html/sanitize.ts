/**
 * One allowlist HTML sanitiser, parameterised by a policy: RICH_TEXT listing fields (the catalogue
 * cleans them on write, the web app again before display) and content pages / media articles (the
 * web app cleans them before display). Parsing, the allow-list and serialisation are `sanitize-html`
 * (htmlparser2; a maintained library, docs/security.md "Rich-text sanitiser"), which runs the same in
 * Node and in the browser and never passes markup through: output is rebuilt from allowed tags and
 * attributes only, every text run and attribute value escaped. This module only turns a policy into its
 * options and adds what the library leaves to us: the URL rule (checked on the decoded value with
 * control characters removed), the style values and the new-tab `rel`.
 */
import sanitize from 'sanitize-html';

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
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'title',
  'head',
  'frameset',
  'frame',
  'applet',
  'xmp',
  'plaintext',
];
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

/** Decodes character references (for checking a raw attribute value, never for text output). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/**
 * The URL to write for `raw` (an attribute value as written, character references and all), or null
 * when the rule refuses it. The check runs on the decoded value with every control character and space
 * removed, so `jav&#x61;script:` and `java\tscript:` are caught; the URL written is what a browser
 * would read (tabs and line breaks removed, surrounding spaces trimmed).
 */
export function safeUrl(raw: string, rule: UrlRule): string | null {
  return safeDecodedUrl(decodeEntities(raw), rule);
}

/** `safeUrl` for a value whose character references are already decoded (as the HTML parser gives it). */
function safeDecodedUrl(decoded: string, rule: UrlRule): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are what browsers skip inside a scheme
  const probe = decoded.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  // eslint-disable-next-line no-control-regex -- the same clean-up a browser does before parsing a URL
  const url = decoded.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(probe)?.[1]?.toLowerCase();
  if (scheme) return rule.schemes.includes(scheme) ? url : null;
  // No scheme, yet a ':' in the first segment (RFC 3986 allows none there in a relative path):
  // "`javascript:…", or a reference left for a second decoding (`javascript&#x3a;…`). Refused.
  if (/^[^/?#]*:/.test(decodeEntities(probe))) return null;
  if (rule.relative === 'any') return url;
  // A browser reads '\' as '/', so '/\host' is another site just like '//host'.
  if (/^[/\\][/\\]/.test(probe)) return null;
  return probe.startsWith('/') || probe.startsWith('#') ? url : null;
}

/** The value to keep for one allowed attribute (decoded by the parser), or null to drop it. */
function attributeValue(name: string, value: string, policy: HtmlPolicy): string | null {
  if (URL_ATTRIBUTES.has(name)) return safeDecodedUrl(value, policy.urls);
  if (name === 'colspan' || name === 'rowspan') return /^\d{1,2}$/.test(value) ? value : null;
  if (name === 'target') return value === '_blank' ? value : null;
  if (name === 'title') return value.slice(0, MAX_TITLE);
  return value;
}

/** Checks the values of a tag's attributes and gives links that open a new tab the policy's `rel`. */
function transformAttributes(tag: string, attributes: sanitize.Attributes, policy: HtmlPolicy): sanitize.Attributes {
  const out: sanitize.Attributes = {};
  for (const [name, raw] of Object.entries(attributes)) {
    if (tag === 'a' && (name === 'rel' || name === 'target') && policy.newTab === 'always') continue;
    const value = name === 'style' ? raw : attributeValue(name, raw, policy);
    if (value !== null) out[name] = value;
  }
  if (tag === 'a' && (policy.newTab === 'always' || out.target === '_blank')) {
    // A link opening a new tab never gets a handle on this window.
    out.rel = policy.newTabRel;
    out.target = '_blank';
  }
  return out;
}

/** The library's options for a policy (built once per policy). */
function optionsOf(policy: HtmlPolicy): sanitize.IOptions {
  const allowedAttributes: Record<string, string[]> = {};
  for (const tag of policy.tags) {
    const names = new Set([...policy.globalAttributes, ...(policy.tagAttributes[tag] ?? [])]);
    if (tag === 'a') for (const name of ['rel', 'target']) names.add(name);
    allowedAttributes[tag] = [...names];
  }
  const styles = Object.fromEntries([...policy.styleProperties].map((property) => [property, [STYLE_VALUE]]));
  return {
    allowedTags: [...policy.tags],
    allowedAttributes,
    selfClosing: [...policy.voidTags],
    // URLs are checked by our rule in transformTags; the library's own scheme check runs as well.
    allowedSchemes: [...policy.urls.schemes],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: policy.urls.relative === 'any',
    allowedStyles: { '*': styles },
    nonTextTags: DROPPED_WITH_CONTENT,
    disallowedTagsMode: 'discard',
    allowVulnerableTags: false,
    enforceHtmlBoundary: false,
    parseStyleAttributes: true,
    transformTags: {
      '*': (tagName, attribs) => ({ tagName, attribs: transformAttributes(tagName, attribs, policy) }),
    },
  };
}

const OPTIONS = new WeakMap<HtmlPolicy, sanitize.IOptions>();

/** The subset of `html` the policy allows, with every element closed. */
export function sanitizeHtml(html: string, policy: HtmlPolicy): string {
  let options = OPTIONS.get(policy);
  if (!options) {
    options = optionsOf(policy);
    OPTIONS.set(policy, options);
  }
  // The library writes void elements XML-style (`<br />`); stored values and their tests use the HTML
  // form. Safe to rewrite: every '>' and '"' inside attribute values and text is escaped by now.
  return sanitize(html, options).replace(VOID_XML_STYLE, '<$1$2>');
}

const VOID_XML_STYLE = /<(br|hr|img)((?: [a-z-]+="[^"<>]*")*) \/>/g;

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
