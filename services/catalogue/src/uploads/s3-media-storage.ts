import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { MediaStorage } from './media-storage';

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL files are publicly read from; without it the catalogue serves them at /uploads/<key>. */
  publicUrl?: string;
}

/**
 * S3-compatible object storage for production, through `@aws-sdk/client-s3` (it signs every request
 * with SigV4; docs/security.md "Object storage requests"). Path-style URLs (`<endpoint>/<bucket>/<key>`)
 * because S3-compatible servers rarely have per-bucket host names. Tested against SeaweedFS in
 * services/catalogue/test/peers/uploads-s3.peer-spec.ts.
 */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: true,
      // Static keys from the configuration only: never the SDK's default chain (~/.aws, instance roles).
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // The body's SHA-256 is signed either way; the extra CRC32 headers the SDK would add by default
      // are not understood by every S3-compatible server.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // The hand-written client had one 30 s bound per request; the SDK also retries 5xx twice.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
    });
  }

  async put(key: string, body: Buffer, mime: string): Promise<string> {
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: mime }));
    } catch (error) {
      throw storageError('PUT', key, error);
    }
    return this.options.publicUrl ? `${this.options.publicUrl.replace(/\/+$/, '')}/${key}` : `/uploads/${key}`;
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!answer.Body) return Buffer.alloc(0);
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      // Only a missing object is "no file"; a refused signature or an outage must not look like one.
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
      throw storageError('GET', key, error);
    }
  }

  /** Closes the client's kept-alive connections when the catalogue stops. */
  onModuleDestroy(): void {
    this.client.destroy();
  }
}

function storageError(method: string, key: string, error: unknown): Error {
  if (error instanceof S3ServiceException)
    return new Error(`object storage answered ${error.$metadata.httpStatusCode ?? '?'} (${error.name}) to ${method} ${key}`, {
      cause: error,
    });
  return new Error(`object storage unreachable for ${method} ${key}: ${error instanceof Error ? error.message : String(error)}`, {
    cause: error,
  });
}
