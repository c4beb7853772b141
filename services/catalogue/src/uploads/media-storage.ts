import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import { S3Storage } from './s3-media-storage';

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
