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
      res.type('html').send(html.replaceAll(CSP_NONCE_PLACEHOLDER, cspNonceOf(res)));
    }, next);
  };
}
