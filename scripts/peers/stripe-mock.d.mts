/** Types of scripts/peers/stripe-mock.mjs for the TypeScript peer tests. */
export interface RunningStripeMock {
  /** `http://127.0.0.1:<port>`, the value of STRIPE_API_URL. */
  readonly url: string;
  readonly port: number;
  pid(): number | null;
  stop(): Promise<void>;
}

export const STRIPE_MOCK_VERSION: string;
export function ensureStripeMock(options?: { log?: (line: string) => void }): string;
export function startStripeMock(options?: { log?: (line: string) => void }): Promise<RunningStripeMock>;
