import { readFile } from 'node:fs/promises';
import type { NextFunction, Request, Response } from 'express';
import { cspNonceOf } from './security-headers';

/** What web/index.html holds where the response's style nonce goes (`<meta property="csp-nonce">`). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Sends the web app's index.html with this response's CSP nonce in place of the placeholder (issue 18,
 * L11: Ant Design's <style> elements carry it, so style-src needs no 'unsafe-inline'). Read on each
 * request (4 KB) so a new build is served at once, as sendFile did; never cached by the browser.
 */
export function sendWebIndex(indexPath: string) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    readFile(indexPath, 'utf8').then((html) => {
      res.setHeader('cache-control', 'no-cache');
      res.type('html').send(withErrorReporting(html.replaceAll(CSP_NONCE_PLACEHOLDER, cspNonceOf(res)), res));
    }, next);
  };
}

/**
 * With WEB_SENTRY_DSN (security-headers.ts puts it in res.locals), the page learns its error
 * reporting DSN from a meta element (web/src/lib/error-reporting.ts); without it nothing is added
 * and the page reports nothing (issue 24 item 27).
 */
function withErrorReporting(html: string, res: Response): string {
  const dsn = (res.locals as { errorReportingDsn?: string }).errorReportingDsn;
  if (!dsn) return html;
  const meta = `<meta name="error-reporting-dsn" content="${dsn.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)}">`;
  return html.replace('</head>', `${meta}\n</head>`);
}
