import { mkdtempSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonLogger } from '@trackside/platform';
import { loadGatewayConfig, startGateway, type RunningGateway } from '@trackside/gateway-service';
import { parseEmbedOrigins } from '../src/security-headers';
import { AuctionTestApp, TEST_JWT_SECRET } from '../../auction/test/support/auction-test-app';

// Issue 18, L11. The probe's reproduction: `curl -I http://127.0.0.1:3000/` answered the web app with
// no Content-Security-Policy, no X-Content-Type-Options, no Referrer-Policy and any site could frame it.

function directives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers of the gateway (helmet, CSP; e2e with a real auction subgraph)', () => {
  let auction: AuctionTestApp;
  let gateway: RunningGateway;
  const webDir = mkdtempSync(join(tmpdir(), 'trackside-web-'));

  beforeAll(async () => {
    auction = await AuctionTestApp.create({ scheduler: false });
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><meta property="csp-nonce" nonce="__CSP_NONCE__"><title>Trackside</title><div id="root"></div>',
    );
    gateway = await startGateway({
      config: loadGatewayConfig({
        NODE_ENV: 'test',
        JWT_SECRET: TEST_JWT_SECRET,
        PORT: '0',
        LOG_LEVEL: 'error',
        GRAPHQL_PLAYGROUND: 'false',
        WEB_DIST: webDir,
        TRUST_PROXY_HOPS: '1',
        BRAND_HOSTS: 'jewelry.test=jewelry',
        BRAND_EMBED_ORIGINS: 'jewelry=https://partner.example https://shop.partner.example:8443',
        AUCTION_GRAPHQL_URL: `${auction.service.url}/graphql`,
      }),
      subgraphs: [{ name: 'auction', url: `${auction.service.url}/graphql` }],
      logger: new JsonLogger('gateway-test', 'error'),
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await auction?.close();
  });

  const page = (path = '/', headers: Record<string, string> = {}): Promise<Response> =>
    fetch(`${gateway.url}${path}`, { headers: { accept: 'text/html', ...headers } });

  /** fetch cannot send another Host header: a plain node:http request can. */
  const headersWithHost = (path: string, host: string): Promise<{ csp: string | null; xfo: string | null }> =>
    new Promise((resolve, reject) => {
      const request = httpGet(`${gateway.url}${path}`, { headers: { host, accept: 'text/html' } }, (response) => {
        response.resume();
        const header = (name: string): string | null => (response.headers[name] as string | undefined) ?? null;
        resolve({ csp: header('content-security-policy'), xfo: header('x-frame-options') });
      });
      request.on('error', reject);
    });

  it('probe: the web app page carries a CSP with exactly the sources the app needs, nosniff and a Referrer-Policy', async () => {
    const response = await page('/auctions');
    expect(response.status).toBe(200);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://web.squarecdn.com',
      'https://sandbox.web.squarecdn.com',
    ]);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://api.stripe.com',
      'https://pci-connect.squareup.com',
      'https://pci-connect.squareupsandbox.com',
    ]);
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.youtube.com', 'https://player.vimeo.com']),
    );
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
    // Plain http: no HSTS (a browser would pin a local http server to https).
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it("framing follows the brand's configured embedding origins (by host or ?brand=), else 'self' only", async () => {
    const byHost = await headersWithHost('/?embedded', 'jewelry.test');
    const byQuery = await page('/?embedded&brand=jewelry');
    for (const headers of [byHost, { csp: byQuery.headers.get('content-security-policy'), xfo: byQuery.headers.get('x-frame-options') }]) {
      expect(directives(headers.csp).get('frame-ancestors')).toEqual([
        "'self'",
        'https://partner.example',
        'https://shop.partner.example:8443',
      ]);
      // X-Frame-Options cannot name origins: left out so the CSP decides.
      expect(headers.xfo).toBeNull();
    }
    const trackside = directives((await page('/?embedded')).headers.get('content-security-policy'));
    expect(trackside.get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('HSTS only when the request arrived over TLS (behind a trusted proxy)', async () => {
    const secure = await page('/', { 'x-forwarded-proto': 'https' });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('API answers get the same headers (nosniff on JSON, no x-powered-by)', async () => {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it("styles need the page's nonce (no 'unsafe-inline' for <style>); each page gets a fresh one in its HTML", async () => {
    const pages = await Promise.all(['/', '/auction/lot/some-slug', '/index.html'].map((path) => page(path)));
    const nonces: string[] = [];
    for (const response of pages) {
      const csp = directives(response.headers.get('content-security-policy'));
      const styleSrc = csp.get('style-src')!;
      expect(styleSrc).not.toContain("'unsafe-inline'");
      expect(styleSrc[0]).toBe("'self'");
      const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(styleSrc[1]!)![1]!;
      // Inline style attributes stay allowed (the stored rich text's indent; docs/security.md).
      expect(csp.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
      expect(await response.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('refuses an embedding origin that is not a plain http(s) origin', () => {
    expect(() => parseEmbedOrigins("jewelry=https://ok.example 'unsafe-inline'")).toThrow(/BRAND_EMBED_ORIGINS/);
    expect(() => parseEmbedOrigins('jewelry=https://ok.example/path')).toThrow(/BRAND_EMBED_ORIGINS/);
    expect(parseEmbedOrigins('')).toEqual(new Map());
  });
});
