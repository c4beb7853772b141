import { randomUUID } from 'node:crypto';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeaweedfs, type RunningSeaweedfs } from '../../../../scripts/peers/seaweedfs.mjs';
import { S3Storage } from '../../src/uploads/s3-media-storage';
import { CatalogueTestApp } from '../support/catalogue-test-app';

const BUCKET = 'trackside-media';

/**
 * The catalogue's S3 storage (`@aws-sdk/client-s3`) against a real S3-compatible server: SeaweedFS,
 * built from its Go module by scripts/peers/seaweedfs.mjs, on 127.0.0.1 with one identity. Unlike
 * the in-memory store of test/e2e/uploads-s3.e2e-spec.ts it verifies every SigV4 signature, so a
 * wrong secret must be refused (issue 18: the hand-written signer was replaced by the SDK).
 */
describe('uploads in S3 storage against SeaweedFS (peer)', () => {
  let server: RunningSeaweedfs;
  let app: CatalogueTestApp;
  let admin: S3Client;

  const storageWith = (secretAccessKey: string) =>
    new S3Storage({ endpoint: server.endpoint, bucket: BUCKET, region: server.region, accessKeyId: server.accessKeyId, secretAccessKey });
  const keysUnder = async (prefix: string) =>
    ((await admin.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((object) => object.Key).sort();
  const exists = (key: string) =>
    admin.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
      () => true,
      (error: unknown) => {
        if (error instanceof NotFound) return false;
        throw error;
      },
    );

  beforeAll(async () => {
    server = await startSeaweedfs({ bucket: BUCKET });
    const { endpoint, region, accessKeyId, secretAccessKey } = server;
    admin = new S3Client({ endpoint, region, forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
    app = await CatalogueTestApp.create({
      seed: false,
      env: {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_REGION: region,
        S3_ACCESS_KEY_ID: accessKeyId,
        S3_SECRET_ACCESS_KEY: secretAccessKey,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    admin?.destroy();
    await server?.stop();
  });

  it('stores an uploaded photo and its formats in the bucket, serves them back, and answers 404 once they are deleted', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 90, b: 160 } } })
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
    const prefix = `trackside/${file!.id}/`;
    expect(await keysUnder(prefix)).toEqual(['large', 'medium', 'original', 'small', 'thumbnail'].map((name) => `${prefix}${name}.jpg`));
    const original = await admin.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${prefix}original.jpg` }));
    expect(original.ContentType).toBe('image/jpeg');
    expect(Buffer.from(await original.Body!.transformToByteArray()).equals(jpeg)).toBe(true);

    expect(file!.url).toBe(`/uploads/${prefix}original.jpg`);
    const served = await fetch(`${app.service.url}${file!.formats.small!.url}`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(500);

    await admin.send(new DeleteObjectsCommand({ Bucket: BUCKET, Delete: { Objects: (await keysUnder(prefix)).map((Key) => ({ Key })) } }));
    expect(await keysUnder(prefix)).toEqual([]);
    expect((await fetch(`${app.service.url}${file!.formats.small!.url}`)).status).toBe(404);
  });

  it('reads back through the storage class, and a missing key is null', async () => {
    const storage = storageWith(server.secretAccessKey);
    const key = `trackside/${randomUUID()}/original.png`;
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await storage.put(key, png, 'image/png')).toBe(`/uploads/${key}`);
    expect((await storage.read(key))!.equals(png)).toBe(true);
    expect(await storage.read(`trackside/${randomUUID()}/original.png`)).toBeNull();
    storage.onModuleDestroy();
  });

  it('is refused by the server with a wrong secret: nothing is written and a read fails instead of answering "no file"', async () => {
    const key = `trackside/${randomUUID()}/original.jpg`;
    await admin.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: Buffer.from('kept'), ContentType: 'image/jpeg' }));
    const forged = storageWith(`${server.secretAccessKey}x`);
    const other = `trackside/${randomUUID()}/original.jpg`;
    await expect(forged.put(other, Buffer.from('forged'), 'image/jpeg')).rejects.toThrow(
      `object storage answered 403 (SignatureDoesNotMatch) to PUT ${other}`,
    );
    expect(await exists(other)).toBe(false);
    await expect(forged.read(key)).rejects.toThrow(`object storage answered 403 (SignatureDoesNotMatch) to GET ${key}`);
    expect(await exists(key)).toBe(true);
    forged.onModuleDestroy();
  });
});
