import { escapeHtml } from './email-templates';
import { previewEmails } from './email-previews';

/** One email as the local mailbox shows it (a row of identity.email_outbox). */
export interface MailboxEmail {
  id: string;
  brand: string;
  template: string;
  to: string;
  subject: string;
  status: string;
  text: string | null;
  html: string | null;
  createdAt: Date;
}

export const LOCAL_MAILBOX_PATH = '/dev/mailbox';

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

function page(title: string, body: string): string {
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(
    title,
  )}</title></head><body>\n${body}\n</body></html>`;
}

/** Escapes the text and makes each address in it a link (nothing of the body itself becomes markup). */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = escapeHtml(match[0]);
    out += `${escapeHtml(text.slice(last, match.index))}<a href="${url}">${url}</a>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** The list page: newest first, each subject a link to the email. */
export function renderMailboxList(emails: MailboxEmail[]): string {
  const rows = emails
    .map(
      (email) =>
        `<tr><td>${escapeHtml(email.createdAt.toISOString())}</td><td>${escapeHtml(email.brand)}</td><td>${escapeHtml(email.to)}</td>` +
        `<td><a href="${LOCAL_MAILBOX_PATH}/${escapeHtml(email.id)}">${escapeHtml(email.subject)}</a></td><td>${escapeHtml(email.status)}</td></tr>`,
    )
    .join('\n');
  const table =
    emails.length === 0
      ? '<p>No emails yet.</p>'
      : `<table><thead><tr><th>Sent</th><th>Brand</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
  return page(
    'Local mailbox',
    `<main><h1>Local mailbox</h1><p>Emails this development server wrote (newest first). Development mode only.</p>` +
      `<p><a href="${LOCAL_MAILBOX_PATH}/previews">Previews of every email template</a></p>\n${table}</main>`,
  );
}

/** One email: its headers, the text version with its links clickable, and a link to the HTML version. */
export function renderMailboxEmail(email: MailboxEmail): string {
  const text = email.text ?? '(the text body was cleared after delivery)';
  const linked = linkify(text);
  const htmlLink =
    email.html !== null ? `<p><a href="${LOCAL_MAILBOX_PATH}/${escapeHtml(email.id)}/html">View the HTML version</a></p>` : '';
  return page(
    email.subject,
    `<main><p><a href="${LOCAL_MAILBOX_PATH}">All emails</a></p><h1>${escapeHtml(email.subject)}</h1>` +
      `<dl><dt>To</dt><dd>${escapeHtml(email.to)}</dd><dt>Brand</dt><dd>${escapeHtml(email.brand)}</dd>` +
      `<dt>Template</dt><dd>${escapeHtml(email.template)}</dd><dt>Sent</dt><dd>${escapeHtml(email.createdAt.toISOString())}</dd></dl>` +
      `${htmlLink}<h2>Text</h2><pre>${linked}</pre></main>`,
  );
}

/** A brand the previews page shows: its key and the name its emails use. */
export interface PreviewBrand {
  brand: string;
  name: string;
  origin: string;
}

/**
 * GET /dev/mailbox/previews (issue 23): every template with sample data, for each brand, as the emails
 * render them: the HTML in a sandboxed frame (no scripts, no same-origin access) and the text below it.
 */
export function renderMailboxPreviews(brands: PreviewBrand[]): string {
  const sections = brands.map((brand) => {
    const emails = previewEmails({ brandName: brand.name, origin: brand.origin, person: 'Ada Lovelace' });
    const items = emails
      .map(
        (email) =>
          `<details><summary>${escapeHtml(email.template)}: ${escapeHtml(email.subject)}</summary>` +
          `<iframe sandbox="" title="${escapeHtml(email.template)}" srcdoc="${escapeHtml(email.html)}" style="width:100%;height:480px;border:1px solid #ccc"></iframe>` +
          `<pre>${escapeHtml(email.text)}</pre></details>`,
      )
      .join('\n');
    return `<section><h2>${escapeHtml(brand.name)} (${escapeHtml(brand.brand)})</h2>\n${items}</section>`;
  });
  return page(
    'Email previews',
    `<main><p><a href="${LOCAL_MAILBOX_PATH}">All emails</a></p><h1>Email previews</h1>` +
      `<p>Every email template with sample data, for each brand. Development mode only.</p>\n${sections.join('\n')}</main>`,
  );
}
