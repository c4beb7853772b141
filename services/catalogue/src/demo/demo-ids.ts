import { createHash } from 'node:crypto';

/** Stable ids for demo rows (same derivation as identity's demoUserId), so demo links survive re-seeding a fresh database. */
export function demoId(...parts: string[]): string {
  const hex = createHash('sha1')
    .update(`trackside-demo:${parts.join(':')}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
