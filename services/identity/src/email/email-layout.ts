import { DEFAULT_BRAND_EMAIL_THEME } from '@trackside/contracts';

/**
 * The one HTML layout of every email (issue 23 "Branded emails"): the brand's logo (or its name as a
 * wordmark when no logo is known), its primary colour on the header band and the action button, one
 * paragraph per line. Inline styles only, as mail clients drop most stylesheets; every value escaped.
 * docs/decisions.md "Branded emails (issue 23)".
 */
export interface EmailBranding {
  /** The name the emails use ("Trackside Jewelry"), as in their subjects and texts. */
  name: string;
  /** An absolute http(s) address of the brand's logo image; null: the name is shown instead. */
  logoUrl: string | null;
  /** A CSS hex colour (#RGB or #RRGGBB). */
  primaryColor: string;
}

export interface EmailLayoutInput {
  branding: EmailBranding;
  title: string;
  lines: string[];
  /** The line that is the action link: rendered as a button labelled `action`. */
  link: string | null;
  action: string;
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const HTTP_URL = /^https?:\/\/[^\s"'<>]+$/i;

/** A brand's colour and logo as an email may use them: anything not a hex colour or an http(s) address falls back. */
export function safeBranding(branding: EmailBranding): EmailBranding {
  return {
    name: branding.name,
    logoUrl: branding.logoUrl !== null && HTTP_URL.test(branding.logoUrl) ? branding.logoUrl : null,
    primaryColor: HEX_COLOUR.test(branding.primaryColor) ? branding.primaryColor : DEFAULT_BRAND_EMAIL_THEME.primaryColor,
  };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const FONT = 'font-family:Arial,Helvetica,sans-serif';

/** Marks the end of the content cell, where later additions (an unsubscribe link) go, above the footer. */
export const EMAIL_CONTENT_END = '<!--content-end-->';

function header(branding: EmailBranding): string {
  const name = escapeHtml(branding.name);
  const mark = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${name}" height="40" style="display:block;border:0;height:40px">`
    : `<span style="${FONT};font-size:22px;font-weight:bold;color:#ffffff">${name}</span>`;
  return `<tr><td style="background:${branding.primaryColor};padding:16px 24px">${mark}</td></tr>`;
}

/**
 * The action link as a button: the colour sits on the cell (inline, kept by every client); the anchor
 * itself stays plain `<a href>` so its address is exactly the text version's.
 */
function paragraph(line: string, input: EmailLayoutInput): string {
  if (input.link !== null && line === input.link) {
    const colour = input.branding.primaryColor;
    return (
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0"><tr>` +
      `<td style="border:2px solid ${colour};border-radius:4px;padding:10px 20px;${FONT};font-weight:bold">` +
      `<a href="${escapeHtml(input.link)}">${escapeHtml(input.action)}</a></td></tr></table>`
    );
  }
  return `<p style="${FONT};font-size:15px;line-height:1.5;color:#1f1f1f;margin:0 0 14px">${escapeHtml(line)}</p>`;
}

export function renderEmailLayout(input: EmailLayoutInput): string {
  const branding = safeBranding(input.branding);
  const body = input.lines.map((line) => paragraph(line, { ...input, branding })).join('\n');
  const footer = `<tr><td style="padding:12px 24px;${FONT};font-size:12px;color:#6b6b6b;border-top:1px solid #e5e5e5">${escapeHtml(
    branding.name,
  )}</td></tr>`;
  return (
    `<!doctype html>\n<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(input.title)}</title><style>a{color:${branding.primaryColor}}</style></head>` +
    `<body style="margin:0;padding:24px 0;background:#f4f4f4">\n` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff">` +
    `${header(branding)}<tr><td style="padding:24px">\n${body}\n${EMAIL_CONTENT_END}</td></tr>${footer}</table>\n</body></html>`
  );
}
