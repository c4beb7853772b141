import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './s3-media-storage';

/** S3's XML error answer. */
const s3Error = (code: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;

/**
 * How S3 answers map to the storage's results, against a loopback server that answers by key (the
 * signatures themselves are checked by a real server in test/peers/uploads-s3.peer-spec.ts).
 */
describe('S3Storage answers', () => {
  let server: Server;
  let storage: S3Storage;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://store').pathname);
      seen.push(`${req.method} ${path}`);
      req.resume();
      req.on('end', () => {
        const key = path.replace(/^\/media\//, '');
        const xml = { 'content-type': 'application/xml' };
        if (key === 'missing.jpg') res.writeHead(404, xml).end(s3Error('NoSuchKey'));
        else if (key === 'forged.jpg') res.writeHead(403, xml).end(s3Error('SignatureDoesNotMatch'));
        else if (key === 'down.jpg') res.writeHead(503, xml).end(s3Error('ServiceUnavailable'));
        else if (req.method === 'PUT') res.writeHead(200).end();
        else res.writeHead(200, { 'content-type': 'image/jpeg' }).end('bytes');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    storage = new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'media',
      region: 'eu-west-1',
      accessKeyId: 'KEY',
      secretAccessKey: 'SECRET',
      publicUrl: 'https://cdn.example.test/media/',
    });
  });
  afterAll(async () => {
    storage?.onModuleDestroy();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('writes path-style to <endpoint>/<bucket>/<key> and answers the public URL', async () => {
    expect(await storage.put('trackside/a/original.jpg', Buffer.from('x'), 'image/jpeg')).toBe(
      'https://cdn.example.test/media/trackside/a/original.jpg',
    );
    expect(seen).toContain('PUT /media/trackside/a/original.jpg');
    expect((await storage.read('trackside/a/original.jpg'))?.toString()).toBe('bytes');
  });

  it('reads a missing object as null', async () => {
    expect(await storage.read('missing.jpg')).toBeNull();
  });

  it('turns a refused signature into an error, never into "no file"', async () => {
    await expect(storage.read('forged.jpg')).rejects.toThrow('object storage answered 403 (SignatureDoesNotMatch) to GET forged.jpg');
    await expect(storage.put('forged.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      'object storage answered 403 (SignatureDoesNotMatch) to PUT forged.jpg',
    );
  });

  it('retries a 503 and then fails with the status', async () => {
    const before = seen.filter((line) => line === 'GET /media/down.jpg').length;
    await expect(storage.read('down.jpg')).rejects.toThrow('object storage answered 503 (ServiceUnavailable) to GET down.jpg');
    expect(seen.filter((line) => line === 'GET /media/down.jpg').length - before).toBe(3);
  });
});
