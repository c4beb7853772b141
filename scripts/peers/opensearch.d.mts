/** Types of scripts/peers/opensearch.mjs for the TypeScript peer tests. */
export interface RunningOpenSearch {
  /** `http://127.0.0.1:<port>`, the value of OPENSEARCH_URL. */
  readonly url: string;
  readonly port: number;
  /** The node's temporary folder (data, logs, stdout.log). */
  readonly dir: string;
  /** Stops the node and keeps its data. */
  stop(): Promise<void>;
  /** Starts a stopped node again on the same ports and data. */
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the node and deletes its folder. */
  close(): Promise<void>;
  pid(): number | null;
}

export interface StartOpenSearchOptions {
  /** JVM heap, default 512m. */
  heap?: string;
  log?: (line: string) => void;
  /** Keep the folder after close(). */
  keep?: boolean;
}

export function ensureOpenSearchBuild(options?: { log?: (line: string) => void }): string;
export function startOpenSearch(options?: StartOpenSearchOptions): Promise<RunningOpenSearch>;
