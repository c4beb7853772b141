/** Types of scripts/peers/seaweedfs.mjs for the TypeScript peer tests. */
export interface RunningSeaweedfs {
  /** `http://127.0.0.1:<port>`, the S3 endpoint (path-style requests), the value of S3_ENDPOINT. */
  readonly endpoint: string;
  readonly port: number;
  /** The bucket created at start, when one was asked for. */
  readonly bucket: string | undefined;
  readonly region: string;
  /** The one identity the server accepts. */
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** The server's throw-away data folder. */
  readonly dir: string;
  pid(): number | null;
  /** Stops the server by its PID and deletes its data folder. */
  stop(): Promise<void>;
}

export interface StartSeaweedfsOptions {
  /** Default: random keys. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** A bucket to create once the server is ready. */
  bucket?: string;
  log?: (line: string) => void;
}

export const SEAWEEDFS_VERSION: string;
export function ensureSeaweedfs(options?: { log?: (line: string) => void }): string;
export function startSeaweedfs(options?: StartSeaweedfsOptions): Promise<RunningSeaweedfs>;
