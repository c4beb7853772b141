import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CatalogueTestApp, type TestUser } from '../support/catalogue-test-app';

/**
 * Issue 18, M4: a 154 KB 6300×6300 PNG cost about 6.6 s of image-library CPU and four at once gave
 * everyone 502s. The size is now read from the header and refused before any pixel is decoded.
 */
describe('pixel-flood uploads (e2e, REST, sharp)', () => {
  let app: CatalogueTestApp;
  let user: TestUser;
  let flood: Buffer;

  beforeAll(async () => {
    app = await CatalogueTestApp.create({ seed: false });
    user = app.user();
    // One colour compresses to a small file that decodes to 39.7 million pixels.
    flood = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: { r: 10, g: 10, b: 10 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
  });
  afterAll(async () => {
    await app?.close();
  });

  const upload = async (body: Buffer, name: string): Promise<Response> => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(body)]), name);
    return fetch(`${app.service.url}/upload`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
  };

  it('probe: a 6300x6300 PNG is refused with a clear error, without decoding it, and four at once do not stall requests', async () => {
    expect(flood.length).toBeLessThan(5_242_880);
    const started = Date.now();
    const replies = await Promise.all([1, 2, 3, 4].map(() => upload(flood, 'flood.png')));
    for (const reply of replies) {
      expect(reply.status).toBe(400);
      expect(await reply.json()).toMatchObject({
        code: 'upload.dimensions.exceeded',
        message: 'Image dimensions cannot exceed 25 megapixels (for example 6000 × 4000 pixels).',
      });
    }
    // Decoding one of them took seconds on the probe's machine; reading four headers takes milliseconds.
    expect(Date.now() - started).toBeLessThan(2000);
    const health = await fetch(`${app.service.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'trackside' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(health.status).toBe(200);
  });

  it('a JPEG whose frame header claims too many pixels is refused the same way', async () => {
    const jpeg = await sharp({ create: { width: 7000, height: 4000, channels: 3, background: { r: 90, g: 90, b: 90 } } })
      .jpeg({ quality: 50 })
      .toBuffer();
    const reply = await upload(jpeg, 'wide.jpg');
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ code: 'upload.dimensions.exceeded' });
  });
});
