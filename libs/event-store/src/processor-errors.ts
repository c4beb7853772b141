/**
 * The last failure of each processor running in this process, for status pages: a batch that
 * fails is retried with back-off and only logged, so without this nobody could see why a
 * processor stalls. Cleared when a batch succeeds. Per process: another instance may be the
 * processor's leader (its own failures are on its own status page and in its logs).
 */
const failures = new Map<string, { message: string; at: Date }>();

export const processorErrors = {
  record(processorName: string, error: unknown): void {
    failures.set(processorName, { message: error instanceof Error ? error.message : String(error), at: new Date() });
  },
  clear(processorName: string): void {
    failures.delete(processorName);
  },
  lastError(processorName: string): { message: string; at: Date } | null {
    return failures.get(processorName) ?? null;
  },
};
