import { explicitBrand } from '../../lib/brand-choice';
import { REST_TIMEOUT_MS, RestError } from '../../lib/rest';
import { session } from '../../lib/session';

/** PUT with the REST channel's rules (10 s, bearer token, brand in the body); lib/rest has POST only. */
export async function restPut<T>(path: string, body: Record<string, unknown>, brand: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (explicitBrand) headers['x-brand'] = explicitBrand;
  const response = await fetch(path, {
    method: 'PUT',
    headers,
    credentials: 'same-origin',
    body: JSON.stringify({ ...body, brand }),
    signal: AbortSignal.timeout(REST_TIMEOUT_MS),
  });
  const parsed = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
  if (!response.ok) {
    throw new RestError(
      response.status,
      typeof parsed?.code === 'string' ? parsed.code : null,
      typeof parsed?.message === 'string' ? parsed.message : response.statusText,
    );
  }
  return parsed as T;
}

/** One image through POST /upload; answers the stored file (id, url). */
export async function uploadOne(file: File, brand: string): Promise<{ id: string; url: string }> {
  const form = new FormData();
  form.append('files', file, file.name);
  form.append('brand', brand);
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (explicitBrand) headers['x-brand'] = explicitBrand;
  const response = await fetch('/upload', {
    method: 'POST',
    body: form,
    headers,
    credentials: 'same-origin',
    signal: AbortSignal.timeout(REST_TIMEOUT_MS * 3),
  });
  const body = (await response.json().catch(() => null)) as Array<{ id: string; url: string }> | { code?: string; message?: string } | null;
  if (!response.ok || !Array.isArray(body) || !body[0]) {
    const failure = (body ?? {}) as { code?: string; message?: string };
    throw new RestError(response.status, failure.code ?? null, failure.message ?? response.statusText);
  }
  return { id: body[0].id, url: body[0].url };
}
