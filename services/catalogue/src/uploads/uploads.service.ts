import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, type AuthUser, DomainError } from '@trackside/platform';
import { In, type DataSource } from 'typeorm';
import { MediaFileEntity, type MediaFormatData } from '../persistence';
import type { MediaFileObject } from '../directory/directory.object';
import { checkImage, MAX_FILES_PER_BATCH, processImage, UPLOAD_MESSAGES, type ImageKind, type ProcessedImage } from './image-files';
import { ImageQueueFull, ImageWorkQueue, limitSharpThreads } from './image-work-queue';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage';
import { UploadAnnouncer } from './upload-announcer';

export interface IncomingFile {
  name: string;
  buffer: Buffer;
}

export interface FileInfo {
  name?: string | null;
  alternativeText?: string | null;
  caption?: string | null;
}

/**
 * Uploads (spec 000/002): jpg, jpeg and png checked by name and by content, at most 5 Mb each,
 * batches of at most 15, all or nothing; formats thumbnail, small, medium and large made with sharp.
 */
@Injectable()
export class UploadsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly announcer: UploadAnnouncer,
  ) {
    limitSharpThreads();
  }

  private readonly images = new ImageWorkQueue();

  /** `options.ids` names the stored files (the demo seed's stable ids); new random ids otherwise. */
  async upload(
    brand: string,
    user: AuthUser,
    files: IncomingFile[],
    info: FileInfo[] = [],
    options: { ids?: readonly string[] } = {},
  ): Promise<MediaFileObject[]> {
    if (files.length === 0) throw new DomainError('upload.file.missing', UPLOAD_MESSAGES.noFile);
    if (files.length > MAX_FILES_PER_BATCH) throw new DomainError('upload.count.exceeded', UPLOAD_MESSAGES.tooMany(MAX_FILES_PER_BATCH));
    // Check every file before storing any: a batch with one bad file writes nothing.
    const checked: Array<{ file: IncomingFile; kind: ImageKind; ext: string; processed: ProcessedImage }> = [];
    for (const file of files) {
      const check = checkImage(file.name, file.buffer);
      if (!check.ok) throw new DomainError(check.code, check.message, 'invalid', { file: file.name });
      const processed = await this.process(file, check.kind);
      checked.push({ file, kind: check.kind, ext: check.ext, processed });
    }
    const now = this.clock.now();
    const rows: MediaFileEntity[] = [];
    for (const [index, item] of checked.entries()) {
      const id = options.ids?.[index] ?? randomUUID();
      const mime = item.kind === 'png' ? 'image/png' : 'image/jpeg';
      const base = `${brand}/${id}`;
      const url = await this.storage.put(`${base}/original.${item.ext}`, item.file.buffer, mime);
      const formats: Record<string, MediaFormatData> = {};
      for (const format of item.processed.formats) {
        const key = `${base}/${format.name}.${item.ext}`;
        formats[format.name] = {
          name: `${format.name}_${item.file.name}`,
          url: await this.storage.put(key, format.buffer, mime),
          width: format.width,
          height: format.height,
          size: format.buffer.length,
          mime,
          ext: `.${item.ext}`,
        };
      }
      const details = info[index] ?? {};
      rows.push({
        id,
        brand,
        userId: user.id,
        name: (details.name?.trim() || item.file.name).slice(0, 255),
        mime,
        ext: `.${item.ext}`,
        size: item.file.buffer.length,
        width: item.processed.width,
        height: item.processed.height,
        url,
        storageKey: `${base}/original.${item.ext}`,
        formats,
        alternativeText: details.alternativeText?.trim().slice(0, 500) || null,
        caption: details.caption?.trim().slice(0, 500) || null,
        createdAt: now,
      });
    }
    // The rows and their UploadStored events commit together: an id the client gets is announced.
    await this.db.transaction(async (manager) => {
      await manager.getRepository(MediaFileEntity).insert(rows);
      await this.announcer.announce(manager, rows);
    });
    return rows.map(toMediaFileObject);
  }

  /** Image work through the bounded queue; a full queue answers 503 at once (issue 18, M4). */
  private async process(file: IncomingFile, kind: ImageKind): Promise<ProcessedImage> {
    try {
      return await this.images.run(() => processImage(file.buffer, kind));
    } catch (error) {
      if (error instanceof ImageQueueFull) throw new DomainError('upload.busy', UPLOAD_MESSAGES.busy, 'unavailable', { file: file.name });
      if (/pixel/i.test(String(error)))
        throw new DomainError('upload.dimensions.exceeded', UPLOAD_MESSAGES.tooManyPixels, 'invalid', { file: file.name });
      throw new DomainError('upload.content.invalid', UPLOAD_MESSAGES.notAnImage, 'invalid', { file: file.name });
    }
  }

  async read(key: string): Promise<Buffer | null> {
    return this.storage.read(key);
  }

  /**
   * A stored file of the brand, or null (unknown id, malformed id, another brand's file). Lookups
   * made in the same turn of the event loop (the gateway's `_entities` call with every image of a
   * page) are answered by one query.
   */
  file(brand: string, id: string): Promise<MediaFileObject | null> {
    if (!UUID.test(id) || !brand) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const key = id.toLowerCase();
      const waiting = this.pending.get(key) ?? [];
      waiting.push({ brand, resolve, reject });
      this.pending.set(key, waiting);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private pending = new Map<
    string,
    Array<{ brand: string; resolve: (file: MediaFileObject | null) => void; reject: (error: unknown) => void }>
  >();
  private scheduled = false;

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    try {
      const rows = await this.db.getRepository(MediaFileEntity).findBy({ id: In([...batch.keys()]) });
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const [id, waiting] of batch) {
        const row = byId.get(id);
        for (const waiter of waiting) waiter.resolve(row && row.brand === waiter.brand ? toMediaFileObject(row) : null);
      }
    } catch (error) {
      for (const waiting of batch.values()) for (const waiter of waiting) waiter.reject(error);
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toMediaFileObject(row: MediaFileEntity): MediaFileObject {
  return {
    id: row.id,
    brand: row.brand,
    url: row.url,
    name: row.name,
    mime: row.mime,
    alternativeText: row.alternativeText,
    caption: row.caption,
    formats: row.formats,
  };
}
