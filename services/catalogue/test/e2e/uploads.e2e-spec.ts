import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import sharp from 'sharp';
import { CatalogueTestApp, dataOf, errorCode, type GqlResult, type TestUser } from '../support/catalogue-test-app';

interface MediaFile {
  id: string;
  url: string;
  name: string;
  mime: string;
  alternativeText: string | null;
  caption: string | null;
  formats: Record<string, { url: string; width: number; height: number; mime: string; size: number }>;
}

const MEDIA = 'id url name mime alternativeText caption formats';

/** A real photo-like JPEG (gradient with noise) or PNG of the given size. */
async function image(width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const base = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 30 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  });
  return format === 'png' ? base.png().toBuffer() : base.jpeg({ quality: 80 }).toBuffer();
}

describe('uploads (e2e, GraphQL multipart and REST, sharp, PostgreSQL)', () => {
  let app: CatalogueTestApp;
  let user: TestUser;
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    app = await CatalogueTestApp.create({ seed: false });
    user = app.user();
    jpeg = await image(1600, 1200, 'jpeg');
    png = await image(300, 200, 'png');
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A GraphQL multipart request (operations, map, files). */
  async function multipart<T>(
    query: string,
    variables: Record<string, unknown>,
    files: Record<string, { path: string; name: string; body: Buffer }>,
    token = user.token,
  ): Promise<{ status: number; body: GqlResult<T> }> {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query, variables }));
    form.append('map', JSON.stringify(Object.fromEntries(Object.entries(files).map(([field, file]) => [field, [file.path]]))));
    for (const [field, file] of Object.entries(files)) form.append(field, new Blob([new Uint8Array(file.body)]), file.name);
    const response = await fetch(`${app.service.url}/graphql`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: response.status, body: (await response.json()) as GqlResult<T> };
  }

  const UPLOAD = `mutation($file: Upload!, $info: FileInfoInput) { upload(file: $file, info: $info) { ${MEDIA} } }`;
  const MULTIPLE = `mutation($files: [Upload]!) { multipleUpload(files: $files) { ${MEDIA} } }`;

  async function mediaCount(): Promise<number> {
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      return Number((await client.query<{ count: string }>('SELECT count(*) FROM catalogue.media_files')).rows[0]!.count);
    } finally {
      await client.end();
    }
  }

  it('stores a JPEG with thumbnail, small, medium and large formats, served back as real images', async () => {
    const result = await multipart<{ upload: MediaFile }>(
      UPLOAD,
      { file: null, info: { alternativeText: 'Front three quarter', caption: 'At Laguna' } },
      { 0: { path: 'variables.file', name: 'car.JPG', body: jpeg } },
    );
    expect(result.body.errors).toBeUndefined();
    const file = result.body.data!.upload;
    expect(file).toMatchObject({ name: 'car.JPG', mime: 'image/jpeg', alternativeText: 'Front three quarter', caption: 'At Laguna' });
    expect(Object.keys(file.formats).sort()).toEqual(['large', 'medium', 'small', 'thumbnail']);
    expect(file.formats.thumbnail).toMatchObject({ width: 208, height: 156, mime: 'image/jpeg' });
    expect(file.formats.small).toMatchObject({ width: 500, height: 375 });
    expect(file.formats.medium).toMatchObject({ width: 750, height: 563 });
    expect(file.formats.large).toMatchObject({ width: 1000, height: 750 });

    const original = await fetch(`${app.service.url}${file.url}`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await original.arrayBuffer()).equals(jpeg)).toBe(true);
    const thumb = Buffer.from(await (await fetch(`${app.service.url}${file.formats.thumbnail!.url}`)).arrayBuffer());
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'jpeg', width: 208, height: 156 });
    expect((await fetch(`${app.service.url}/uploads/trackside/${file.id}/../../etc.png`)).status).toBe(404);
  });

  it('uploads a batch with multipleUpload; a small PNG only gets the formats smaller than itself', async () => {
    const result = await multipart<{ multipleUpload: MediaFile[] }>(
      MULTIPLE,
      { files: [null, null] },
      {
        0: { path: 'variables.files.0', name: 'a.png', body: png },
        1: { path: 'variables.files.1', name: 'b.jpeg', body: jpeg },
      },
    );
    expect(result.body.errors).toBeUndefined();
    const [first, second] = result.body.data!.multipleUpload;
    expect(first).toMatchObject({ name: 'a.png', mime: 'image/png' });
    expect(Object.keys(first!.formats)).toEqual(['thumbnail']);
    expect(second!.mime).toBe('image/jpeg');
  });

  it('refuses a renamed non-image, a PNG named .jpg, other types and corrupt images, by content', async () => {
    const text = Buffer.from('#!/bin/sh\necho not an image\n'.repeat(50));
    const cases: Array<[string, Buffer, string]> = [
      ['photo.jpg', text, 'upload.content.invalid'],
      ['photo.png', text, 'upload.content.invalid'],
      ['photo.jpg', png, 'upload.content.invalid'],
      ['photo.gif', jpeg, 'upload.type.invalid'],
      ['photo', jpeg, 'upload.type.invalid'],
      ['broken.jpg', Buffer.concat([jpeg.subarray(0, 200)]), 'upload.content.invalid'],
    ];
    const before = await mediaCount();
    for (const [name, body, code] of cases) {
      const result = await multipart(UPLOAD, { file: null }, { 0: { path: 'variables.file', name, body } });
      expect(errorCode(result.body as GqlResult), name).toBe(code);
    }
    const renamed = await multipart(UPLOAD, { file: null }, { 0: { path: 'variables.file', name: 'photo.jpg', body: text } });
    expect(renamed.body.errors![0]!.message).toBe('The file is not a valid .jpg, .jpeg or .png image.');
    expect(
      (await multipart(UPLOAD, { file: null }, { 0: { path: 'variables.file', name: 'x.gif', body: jpeg } })).body.errors![0]!.message,
    ).toBe('Only .jpg, .jpeg and .png images can be uploaded.');
    expect(await mediaCount()).toBe(before);
  });

  it("refuses files over 5,242,880 bytes ('Image size cannot exceed 5 Mb.') and keeps exactly that size", async () => {
    const padded = (size: number): Buffer => {
      const buffer = Buffer.alloc(size, 0);
      jpeg.copy(buffer, 0, 0, Math.min(jpeg.length, size));
      return buffer;
    };
    const over = await multipart(UPLOAD, { file: null }, { 0: { path: 'variables.file', name: 'big.jpg', body: padded(5_242_881) } });
    expect(over.status).toBe(400);
    expect(over.body.errors![0]).toMatchObject({ message: 'Image size cannot exceed 5 Mb.', extensions: { code: 'upload.size.exceeded' } });
    // Exactly at the limit passes the size check (the JPEG with trailing padding still decodes).
    const at = await multipart<{ upload: MediaFile }>(
      UPLOAD,
      { file: null },
      { 0: { path: 'variables.file', name: 'limit.jpg', body: padded(5_242_880) } },
    );
    expect(at.body.errors).toBeUndefined();
  });

  it('takes at most 15 files per batch, and one bad file stores none of the batch', async () => {
    const before = await mediaCount();
    const sixteen = Object.fromEntries(
      Array.from({ length: 16 }, (_, index) => [String(index), { path: `variables.files.${index}`, name: `p${index}.png`, body: png }]),
    );
    const tooMany = await multipart(MULTIPLE, { files: Array.from({ length: 16 }, () => null) }, sixteen);
    expect(tooMany.body.errors![0]).toMatchObject({
      message: 'You can only upload a maximum of 15 images',
      extensions: { code: 'upload.count.exceeded' },
    });

    const mixed = await multipart(
      MULTIPLE,
      { files: [null, null] },
      {
        0: { path: 'variables.files.0', name: 'good.png', body: png },
        1: { path: 'variables.files.1', name: 'bad.jpg', body: Buffer.from('not an image at all') },
      },
    );
    expect(errorCode(mixed.body as GqlResult)).toBe('upload.content.invalid');
    expect(await mediaCount()).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const result = await multipart(UPLOAD, { file: null }, { 0: { path: 'variables.file', name: 'a.png', body: png } }, '');
    expect(errorCode(result.body as GqlResult)).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(UPLOAD, { file: 'not-a-file' }, { token: user.token }))).toBe('BAD_USER_INPUT');
  });

  it('accepts REST uploads (POST /upload, field files) and the image on a featured directory entry', async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(png)]), 'logo.png');
    const response = await fetch(`${app.service.url}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    const [logo] = (await response.json()) as MediaFile[];
    expect(logo).toMatchObject({ name: 'logo.png', mime: 'image/png' });

    const bad = new FormData();
    bad.append('files', new Blob([new Uint8Array(Buffer.from('plain text'))]), 'logo.png');
    const refused = await fetch(`${app.service.url}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: bad,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'upload.content.invalid' });

    const created = await app.gql<{ createDirectory: { directory: { image: { id: string; url: string } } } }>(
      `mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { image { id url } } } }`,
      {
        data: {
          name: 'Logo Motors',
          category: 'PARTS',
          addressCountry: 'US',
          addressState: 'CA',
          addressCity: 'Sonoma',
          tos: true,
          featured: true,
          image: logo!.id,
        },
      },
      { token: user.token },
    );
    expect(dataOf(created).createDirectory.directory.image).toEqual({ id: logo!.id, url: logo!.url });
    // Another user cannot attach someone else's upload.
    const thief = app.user();
    const stolen = await app.gql(
      `mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { id } } }`,
      {
        data: {
          name: 'Thief Motors',
          category: 'PARTS',
          addressCountry: 'US',
          addressState: 'CA',
          addressCity: 'Sonoma',
          tos: true,
          featured: true,
          image: logo!.id,
        },
      },
      { token: thief.token },
    );
    expect(errorCode(stolen)).toBe('catalogue.validation');
  });
});
