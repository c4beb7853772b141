import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CatalogueTestApp } from '../support/catalogue-test-app';

const ACCESS_KEY = 'TESTACCESSKEY';
const SECRET = 'test-secret-key-for-the-fake-object-store';

/**
 * Uploads stored in S3-compatible storage: a small object store on loopback that keeps the objects
 * in memory and refuses requests without a SigV4 header for our key, region and body hash. Whether
 * the signature itself is right is checked by a real S3 server (SeaweedFS) in
 * services/catalogue/test/peers/uploads-s3.peer-spec.ts (`npm run test:peers`).
 */
describe('uploads in S3-compatible storage (e2e)', () => {
  let app: CatalogueTestApp;
  let store: Server;
  const objects = new Map<string, { body: Buffer; type: string }>();
  const refused: string[] = [];

  beforeAll(async () => {
    store = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        if (!validSignature(req, body)) {
          refused.push(`${req.method} ${req.url}`);
          res.writeHead(403).end('SignatureDoesNotMatch');
          return;
        }
        const path = decodeURIComponent(new URL(req.url ?? '/', 'http://store').pathname);
        if (req.method === 'PUT') {
          objects.set(path, { body, type: String(req.headers['content-type']) });
          res.writeHead(200).end();
        } else if (req.method === 'GET') {
          const object = objects.get(path);
          if (!object) res.writeHead(404).end();
          else res.writeHead(200, { 'content-type': object.type }).end(object.body);
        } else res.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
    const port = (store.address() as { port: number }).port;
    app = await CatalogueTestApp.create({
      seed: false,
      env: {
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'media',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: SECRET,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => store?.close(resolve));
  });

  it('puts the original and its formats in the bucket, signed, and serves them back', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 20, b: 20 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(jpeg)]), 'car.jpg');
    const response = await fetch(`${app.service.url}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.user().token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    const [file] = (await response.json()) as Array<{ id: string; url: string; formats: Record<string, { url: string }> }>;
    expect(refused).toEqual([]);
    expect(objects.get(`/media/trackside/${file!.id}/original.jpg`)).toMatchObject({ type: 'image/jpeg' });
    expect(objects.get(`/media/trackside/${file!.id}/original.jpg`)!.body.equals(jpeg)).toBe(true);
    expect([...objects.keys()].filter((key) => key.includes(file!.id)).sort()).toEqual(
      ['large', 'medium', 'original', 'small', 'thumbnail'].map((name) => `/media/trackside/${file!.id}/${name}.jpg`),
    );
    expect(file!.url).toBe(`/uploads/trackside/${file!.id}/original.jpg`);
    const served = await fetch(`${app.service.url}${file!.formats.small!.url}`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(500);
  });
});

/** The SigV4 header names our key and the configured region, and the signed body hash is the body's. */
function validSignature(req: IncomingMessage, body: Buffer): boolean {
  const authorization = String(req.headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=[0-9a-f]{64}$/.exec(
      authorization,
    );
  if (!match || match[1] !== ACCESS_KEY || match[3] !== 'eu-west-1') return false;
  const signed = match[4]!.split(';');
  if (!['host', 'x-amz-content-sha256', 'x-amz-date'].every((name) => signed.includes(name))) return false;
  return req.headers['x-amz-content-sha256'] === createHash('sha256').update(body).digest('hex');
}
