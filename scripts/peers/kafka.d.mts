/** Types of scripts/peers/kafka.mjs for the TypeScript peer tests and benchmark. */
export interface RunningKafka {
  /** `127.0.0.1:<port>`, the value of KAFKA_BROKERS. */
  readonly brokers: string;
  readonly port: number;
  /** `127.0.0.1:<port>` of the SASL/SCRAM-SHA-512 listener with ACLs; null unless started with `scramUsers`. */
  readonly saslBrokers: string | null;
  /** The broker's temporary folder (data, server.properties, kafka.log). */
  readonly dir: string;
  /** Stops the broker and keeps its data. */
  stop(): Promise<void>;
  /** Starts a stopped broker again on the same ports and data. */
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the broker and deletes its folder. */
  close(): Promise<void>;
  pid(): number | null;
}

export interface StartKafkaOptions {
  /** Broker-side topic auto-creation (default false: the relay creates its topics). */
  autoCreateTopics?: boolean;
  /** JVM heap, default 512m. */
  heap?: string;
  log?: (line: string) => void;
  extraProperties?: Record<string, string>;
  /** Keep the folder after close(). */
  keep?: boolean;
  /** SCRAM-SHA-512 users (name to password) of an extra authenticated listener with ACLs (StandardAuthorizer). */
  scramUsers?: Record<string, string> | null;
}

export function ensureKafkaJars(options?: { log?: (line: string) => void }): string;
export function startKafka(options?: StartKafkaOptions): Promise<RunningKafka>;
/** A KRaft cluster id that StorageTool's parser cannot take for an option (never begins with '-'). */
export function newClusterId(random?: (size: number) => Buffer): string;
