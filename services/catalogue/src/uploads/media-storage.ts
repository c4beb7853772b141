import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { amzDateOf, sha256Hex, signV4 } from './sigv4';

/** Where uploaded files live: local disk by default (docs/architecture.md section 4). */
export interface MediaStorage {
  /** Stores the bytes under the key and answers the public URL. */
  put(key: string, body: Buffer, mime: string): Promise<string>;
  read(key: string): Promise<Buffer | null>;
}

export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

/** Files under a root directory, served by the catalogue at `<publicPath>/<key>`. */
export class LocalDiskStorage implements MediaStorage {
  private readonly root: string;

  constructor(
    root: string,
    private readonly publicPath = '/uploads',
  ) {
    this.root = resolve(root);
  }

  async put(key: string, body: Buffer): Promise<string> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body);
    return `${this.publicPath}/${key}`;
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch {
      return null;
    }
  }

  private pathOf(key: string): string {
    const path = normalize(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error('storage key outside the upload root');
    return path;
  }
}

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL files are publicly read from; without it the catalogue serves them at /uploads/<key>. */
  publicUrl?: string;
}

/** S3-compatible object storage (path-style requests, SigV4), for production. */
export class S3Storage implements MediaStorage {
  constructor(
    private readonly options: S3StorageOptions,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async put(key: string, body: Buffer, mime: string): Promise<string> {
    const response = await this.request('PUT', key, body, { 'content-type': mime });
    if (!response.ok) throw new Error(`object storage answered ${response.status} to PUT ${key}`);
    return this.options.publicUrl ? `${this.options.publicUrl.replace(/\/+$/, '')}/${key}` : `/uploads/${key}`;
  }

  async read(key: string): Promise<Buffer | null> {
    const response = await this.request('GET', key, Buffer.alloc(0), {});
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`object storage answered ${response.status} to GET ${key}`);
    return Buffer.from(await response.arrayBuffer());
  }

  private async request(method: string, key: string, body: Buffer, extra: Record<string, string>): Promise<Response> {
    const url = new URL(`${this.options.endpoint.replace(/\/+$/, '')}/${this.options.bucket}/${key}`);
    const payloadHash = sha256Hex(body);
    const amzDate = amzDateOf(this.now());
    const headers: Record<string, string> = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate, ...extra };
    headers.authorization = signV4({
      method,
      url,
      headers: { ...headers },
      payloadHash,
      region: this.options.region,
      ...this.credentials(),
      amzDate,
    });
    const { host: _host, ...sent } = headers;
    return fetch(url, {
      method,
      headers: sent,
      body: method === 'PUT' ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  }

  private credentials(): { accessKeyId: string; secretAccessKey: string } {
    return { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey };
  }
}

/** Local disk unless S3_BUCKET is set (then the S3 settings are all required). */
export function mediaStorageFor(config: {
  DATA_DIR: string;
  UPLOAD_DIR?: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_PUBLIC_URL?: string;
}): MediaStorage {
  if (!config.S3_BUCKET) return new LocalDiskStorage(config.UPLOAD_DIR ?? join(config.DATA_DIR, 'uploads'), '/uploads');
  if (!config.S3_ENDPOINT || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY)
    throw new Error('S3_BUCKET needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  return new S3Storage({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    publicUrl: config.S3_PUBLIC_URL,
  });
}
