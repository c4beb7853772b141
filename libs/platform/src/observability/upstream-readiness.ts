/**
 * The readiness of a process in front of services (the gateway): ready when every upstream's
 * `/health/ready` answers 2xx within the time-out (docs/operations.md, "Health").
 */
export async function upstreamReadiness(
  upstreams: ReadonlyArray<{ name: string; url: string }>,
  timeoutMs = 2_000,
): Promise<{ ready: boolean; upstreams: Record<string, { status: 'up' | 'down'; detail?: string }> }> {
  const results = await Promise.all(
    upstreams.map(async ({ name, url }) => {
      try {
        const response = await fetch(`${url.replace(/\/graphql$/, '').replace(/\/$/, '')}/health/ready`, {
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        return [name, response.ok ? { status: 'up' as const } : { status: 'down' as const, detail: `HTTP ${response.status}` }] as const;
      } catch (error) {
        return [name, { status: 'down' as const, detail: error instanceof Error ? error.message : String(error) }] as const;
      }
    }),
  );
  return { ready: results.every(([, result]) => result.status === 'up'), upstreams: Object.fromEntries(results) };
}
