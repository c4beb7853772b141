import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { parseBrandHosts, resolveBrand } from '@trackside/platform';
import type { GatewayConfig } from './config/gateway-config';

/**
 * Security headers of everything the gateway answers (issue 18, L11; docs/security.md "Security
 * headers"): helmet with a Content-Security-Policy listing exactly what the web app loads, framing
 * only by the brand's configured embedding origins, nosniff, a Referrer-Policy, and HSTS only on
 * requests that arrived over TLS (req.secure honours TRUST_PROXY_HOPS).
 */
export interface SecurityHeaderOptions {
  /** `brand=origin origin;brand=origin` (BRAND_EMBED_ORIGINS): who may frame the site (`?embedded`). */
  embedOrigins: string;
  brandHosts: Map<string, string>;
  defaultBrand: string;
  /** Where uploaded images are served from when not this origin (S3_PUBLIC_URL). */
  mediaUrl?: string;
  /** GraphiQL's landing page (development only) loads its own scripts: no CSP on GET /graphql then. */
  playground: boolean;
  /** The web app's error-reporting DSN (WEB_SENTRY_DSN): the page gets it and may post to its origin. */
  errorReportingDsn?: string;
}

/** Payment providers' elements (docs/payments.md "Content Security Policy per provider"). */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
const SQUARE = {
  script: ['https://web.squarecdn.com', 'https://sandbox.web.squarecdn.com'],
  connect: ['https://pci-connect.squareup.com', 'https://pci-connect.squareupsandbox.com'],
};
/** Video embeds the catalogue stores (services/catalogue/src/directory/directory.rules.ts toEmbedVideoUrl). */
const VIDEO_FRAMES = ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i;

/**
 * This response's style nonce (fresh per response): the web page carries it in its
 * `<meta property="csp-nonce">` (web-index.ts) and Ant Design stamps it on the <style> elements it
 * writes (web/src/lib/csp-nonce.ts).
 */
export function cspNonceOf(res: ServerResponse): string {
  return ((res as ServerResponse & { locals?: { cspNonce?: string } }).locals?.cspNonce ?? '').toString();
}

/** Parses BRAND_EMBED_ORIGINS; anything that is not a plain http(s) origin is an error at boot. */
export function parseEmbedOrigins(value: string): Map<string, string[]> {
  const byBrand = new Map<string, string[]>();
  for (const entry of value.split(';').map((part) => part.trim())) {
    if (!entry) continue;
    const [brand, origins = ''] = entry.split('=', 2).map((part) => part.trim());
    const list = origins.split(/[\s,]+/).filter(Boolean);
    const bad = list.find((origin) => !ORIGIN.test(origin));
    if (!brand || bad !== undefined) throw new Error(`BRAND_EMBED_ORIGINS: '${entry}' is not brand=https://origin ...`);
    byBrand.set(
      brand,
      list.map((origin) => origin.toLowerCase()),
    );
  }
  return byBrand;
}

/** The Content-Security-Policy directives (frame-ancestors per request, from the brand). */
export function cspDirectives(
  mediaUrl: string | undefined,
  frameAncestors: (req: IncomingMessage) => string[],
  errorReportingDsn?: string,
) {
  const media = mediaUrl ? [new URL(mediaUrl).origin] : [];
  const errorReports = errorReportingDsn ? [new URL(errorReportingDsn).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...STRIPE.script, ...SQUARE.script],
    // Ant Design writes its styles at run time (CSS-in-JS <style> elements): they carry this
    // response's nonce, so an injected <style> element cannot restyle the page.
    styleSrc: ["'self'", (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonceOf(res)}'`],
    // Style attributes stay allowed: the stored rich text keeps the editor's indent as
    // style="margin-left: …" (libs/contracts/src/html/sanitize.ts), and the editor writes them.
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com', ...media],
    fontSrc: ["'self'", 'data:'],
    // 'self' covers ws:/wss: to this origin (Socket.IO) in CSP level 3 browsers.
    connectSrc: ["'self'", ...STRIPE.connect, ...SQUARE.connect, ...errorReports],
    frameSrc: ["'self'", ...STRIPE.frame, ...SQUARE.script, ...VIDEO_FRAMES],
    mediaSrc: ["'self'", ...media],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: [(req: IncomingMessage) => frameAncestors(req).join(' ')],
    upgradeInsecureRequests: null,
  };
}

export function securityHeaders(options: SecurityHeaderOptions): (req: Request, res: Response, next: NextFunction) => void {
  const embedders = parseEmbedOrigins(options.embedOrigins);
  const embeddersOf = (req: IncomingMessage): string[] => {
    // The page's brand as the web app takes it: `?brand=` (docs/web.md), else the host.
    const chosen = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('brand') ?? undefined;
    const brand = resolveBrand(chosen, req.headers.host, { defaultBrand: options.defaultBrand, hosts: options.brandHosts });
    return brand.ok ? (embedders.get(brand.brand) ?? []) : [];
  };
  const base = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: false,
    crossOriginResourcePolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const csp = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: cspDirectives(options.mediaUrl, (req) => ["'self'", ...embeddersOf(req)], options.errorReportingDsn),
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });
  const sameOrigin = helmet.xFrameOptions({ action: 'sameorigin' });
  return (req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    // The page's error reporting (web-index.ts writes it into index.html; issue 24 item 27).
    if (options.errorReportingDsn) res.locals.errorReportingDsn = options.errorReportingDsn;
    base(req, res, (error?: unknown) => {
      if (error) return next(error);
      res.removeHeader('x-powered-by');
      if (req.secure) hsts(req, res, () => undefined);
      // X-Frame-Options cannot list origins: only sent when no origin may frame the brand.
      if (embeddersOf(req).length === 0) sameOrigin(req, res, () => undefined);
      if (options.playground && req.method === 'GET' && req.path === '/graphql') return next();
      csp(req, res, next);
    });
  };
}

/** The gateway's headers from its configuration (the one call gateway-server.ts makes). */
export function securityHeadersFor(config: GatewayConfig): (req: Request, res: Response, next: NextFunction) => void {
  return securityHeaders({
    embedOrigins: config.BRAND_EMBED_ORIGINS,
    brandHosts: parseBrandHosts(config.BRAND_HOSTS),
    defaultBrand: config.DEFAULT_BRAND,
    mediaUrl: config.S3_PUBLIC_URL,
    playground: config.GRAPHQL_PLAYGROUND,
    errorReportingDsn: config.WEB_SENTRY_DSN,
  });
}
