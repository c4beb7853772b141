import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAuctionService } from '@trackside/auction-service';
import type { RunningGateway } from '@trackside/gateway-service';
import { CatalogueTestApp, type TestUser } from '../../catalogue/test/support/catalogue-test-app';
import { startTestAuction } from '../../catalogue/test/support/federated-catalogue';
import { startTestGateway } from './support/test-gateway';
import { TEST_JWT_SECRET } from '../../catalogue/test/support/catalogue-test-app';

interface Reply {
  status: number;
  text: string;
  json: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions: { code: string } }> };
}

/**
 * Issue 18, M2: a multipart/form-data POST /graphql used to be streamed to the catalogue untouched,
 * so `_service { sdl }` answered the schema, 300 aliased mutations passed the rate limit JSON hits
 * (429), and `_entities` read another brand's media. Now the gateway checks the operation against
 * its API schema and the same limits first; the catalogue also takes only uploads that way.
 */
describe('GraphQL multipart requests through the gateway (e2e: catalogue and auction subgraphs, PostgreSQL)', () => {
  let catalogue: CatalogueTestApp;
  let auction: RunningAuctionService;
  let gateway: RunningGateway;
  let member: TestUser;
  let png: Buffer;

  beforeAll(async () => {
    catalogue = await CatalogueTestApp.create();
    auction = await startTestAuction(catalogue);
    gateway = await startTestGateway({
      jwtSecret: TEST_JWT_SECRET,
      subgraphs: { auction: auction.url, catalogue: catalogue.service.url },
      env: { CATALOGUE_URL: catalogue.service.url, RATE_LIMIT_USER_PER_SECOND: '0.1', RATE_LIMIT_USER_BURST: '5' },
    });
    member = catalogue.user();
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 90, b: 200 } } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await gateway?.close();
    await auction?.close();
    await catalogue?.close();
  });

  /** A GraphQL multipart request with one file mapped to `variables.file` (when the query declares it). */
  async function multipart(
    url: string,
    query: string,
    user: TestUser | null,
    variables: Record<string, unknown> = { file: null },
  ): Promise<Reply> {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query, variables }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([new Uint8Array(png)]), 'photo.png');
    const headers: Record<string, string> = user ? { authorization: `Bearer ${user.token}`, 'x-brand': user.brand } : {};
    const response = await fetch(`${url}/graphql`, { method: 'POST', headers, body: form });
    const text = await response.text();
    return { status: response.status, text, json: JSON.parse(text) as Reply['json'] };
  }

  async function json(query: string, user: TestUser): Promise<Reply> {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'x-brand': user.brand },
      body: JSON.stringify({ query, variables: { file: null } }),
    });
    const text = await response.text();
    return { status: response.status, text, json: JSON.parse(text) as Reply['json'] };
  }

  it('an upload through the gateway still works', async () => {
    const reply = await multipart(gateway.url, 'mutation($file: Upload!) { upload(file: $file) { id url } }', member);
    expect(reply.json.errors).toBeUndefined();
    expect(reply.json.data!.upload).toMatchObject({ url: expect.stringMatching(/^\/uploads\/trackside\//) });
  });

  it('probe: `_service { sdl }` via multipart is refused and shows no schema, at the gateway and at the catalogue', async () => {
    for (const url of [gateway.url, catalogue.service.url]) {
      const reply = await multipart(url, '{ _service { sdl } }', catalogue.user());
      expect(reply.status).toBe(400);
      expect(reply.json.data ?? null).toBeNull();
      expect(reply.text).not.toContain('type Query');
    }
  });

  it('probe: `_entities` for another brand’s media via multipart is refused', async () => {
    const jewelry = catalogue.user({ brand: 'jewelry' });
    const theirs = await multipart(gateway.url, 'mutation($file: Upload!) { upload(file: $file) { id url } }', jewelry);
    const { id, url } = theirs.json.data!.upload as { id: string; url: string };
    const probe = `{ _entities(representations: [{ __typename: "MediaFile", id: "${id}", brand: "jewelry" }]) { ... on MediaFile { id url } } }`;
    for (const target of [gateway.url, catalogue.service.url]) {
      const reply = await multipart(target, probe, catalogue.user());
      expect(reply.status).toBe(400);
      expect(reply.text).not.toContain(url);
    }
  });

  it('probe: other operations are refused on the multipart path (send them as JSON)', async () => {
    const reply = await multipart(
      gateway.url,
      'mutation { watchAuction(id: "00000000-0000-4000-8000-000000000000", watch: true) { success } }',
      catalogue.user(),
    );
    expect(reply.status).toBe(400);
    expect(reply.json.errors![0]!.message).toBe(
      'A multipart request may only run the upload and multipleUpload mutations; send other operations as JSON.',
    );
  });

  it('probe: 300 aliased upload mutations via multipart hit the same limit as JSON', async () => {
    const aliased = `mutation($file: Upload!) { ${Array.from({ length: 300 }, (_, i) => `u${i}: upload(file: $file) { id }`).join(' ')} }`;
    const user = catalogue.user();
    const viaMultipart = await multipart(gateway.url, aliased, user);
    const viaJson = await json(aliased, user);
    expect(viaMultipart.status).toBe(400);
    expect(viaMultipart.status).toBe(viaJson.status);
    expect(viaMultipart.json.errors![0]!.message).toBe(viaJson.json.errors![0]!.message);
    expect(viaMultipart.json.errors![0]!.message).toMatch(/aliases/i);
  });

  it('probe: aliased uploads under the alias limit still take one rate-limit token each (429)', async () => {
    const user = catalogue.user();
    const six = `mutation($file: Upload!) { ${Array.from({ length: 6 }, (_, i) => `u${i}: upload(file: $file) { id }`).join(' ')} }`;
    const reply = await multipart(gateway.url, six, user);
    expect(reply.status).toBe(429);
    expect(reply.json.errors![0]).toMatchObject({
      message: 'Too many requests, please try again later.',
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
  });

  it('a cross-site form (no Authorization or preflight header) cannot post multipart', async () => {
    const reply = await multipart(gateway.url, 'mutation($file: Upload!) { upload(file: $file) { id } }', null);
    expect(reply.status).toBe(400);
    expect(reply.json.errors![0]!.extensions.code).toBe('BAD_REQUEST');
  });
});
