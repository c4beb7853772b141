import { explicitBrand } from './brand-choice';
import { session } from './session';

/**
 * The content-server channel (spec 000 section 7): 10 s time-out, a brand field in every body, the
 * bearer token when signed in; a failure surfaces the response body (`code`, `message`).
 */
export const REST_TIMEOUT_MS = 10_000;

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

export async function restPost<T>(path: string, body: Record<string, unknown>, brand: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (explicitBrand) headers['x-brand'] = explicitBrand;
  const response = await fetch(path, {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    body: JSON.stringify({ ...body, brand }),
    signal: AbortSignal.timeout(REST_TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const data = (parsed ?? {}) as { code?: unknown; message?: unknown };
    throw new RestError(
      response.status,
      typeof data.code === 'string' ? data.code : null,
      typeof data.message === 'string' ? data.message : text || response.statusText,
    );
  }
  return parsed as T;
}
