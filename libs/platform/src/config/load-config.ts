import type { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The one place that reads the environment: parse and validate once at boot, fail fast with every
 * problem listed, hand a typed object to the rest of the service.
 */
export function loadConfig<TSchema extends z.ZodType>(
  schema: TSchema,
  env: Record<string, string | undefined> = process.env,
): z.infer<TSchema> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  return parsed.data;
}

/** Parses "host=brand,host2=brand2" into a map (hosts lower-cased, ports ignored). */
export function parseBrandHosts(value: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [host, brand] = pair.split('=').map((part) => part.trim());
    if (host && brand) map.set(host.toLowerCase().replace(/:\d+$/, ''), brand);
  }
  return map;
}
