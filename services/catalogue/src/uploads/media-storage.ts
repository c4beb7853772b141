import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve, sep } from 'node:path';

/** Where uploaded files live: local disk by default (ARCHITECTURE.md section 4). */
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
