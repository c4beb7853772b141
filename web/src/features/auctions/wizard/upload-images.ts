import { explicitBrand } from '../../../lib/brand-choice';
import { REST_TIMEOUT_MS, RestError } from '../../../lib/rest';
import { session } from '../../../lib/session';
import { batches } from './wizard-rules';

/** POST /upload (multipart `files`), in batches of 15; answers the stored files' ids in order. */
export async function uploadImages(files: File[], brand: string): Promise<string[]> {
  const ids: string[] = [];
  for (const batch of batches(files)) {
    const form = new FormData();
    for (const file of batch) form.append('files', file, file.name);
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
      signal: AbortSignal.timeout(REST_TIMEOUT_MS * 6),
    });
    const body = (await response.json().catch(() => null)) as Array<{ id: string }> | { code?: string; message?: string } | null;
    if (!response.ok || !Array.isArray(body)) {
      const failure = (body ?? {}) as { code?: string; message?: string };
      throw new RestError(response.status, failure.code ?? null, failure.message ?? response.statusText);
    }
    ids.push(...body.map((file) => file.id));
  }
  return ids;
}
