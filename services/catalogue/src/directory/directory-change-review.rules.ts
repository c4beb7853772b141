import type { DirectoryEntity, DirectoryPendingChangesData } from '../persistence';

/**
 * Material fields of a directory entry (issue 24 item 15): what the public sees as the business's
 * identity and media. A change to one of them on an APPROVED entry waits for staff review while the
 * approved version stays public; every other field (address, hours, contact, plan) applies at once.
 * docs/decisions.md "Directory changes after approval".
 */
export const MATERIAL_FIELDS = ['name', 'keywords', 'website', 'socialLinks', 'videoURL', 'image'] as const;
/** Featured-only content: a regular entry keeps none, so dropping it (a downgrade) is never held back. */
const FEATURED_ONLY = new Set<string>(['socialLinks', 'videoURL', 'image']);

type MaterialField = (typeof MATERIAL_FIELDS)[number];
type MaterialValues = Pick<DirectoryEntity, MaterialField>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The approved entry as its owner last asked for it: the approved row with the pending change over it. */
export function withPendingChanges(row: DirectoryEntity): DirectoryEntity {
  if (!row.pendingChanges) return row;
  const { requestedAt: _requestedAt, ...changes } = row.pendingChanges;
  return { ...row, ...changes };
}

/**
 * Splits an edit of an approved entry: `edited` is the entry as the owner wants it (the pending
 * change already folded in). Returns the material fields that differ from the approved version
 * (null when none), and restores them on `edited` so the row written keeps the approved values.
 */
export function holdMaterialChanges(approved: MaterialValues, edited: DirectoryEntity, now: Date): DirectoryPendingChangesData | null {
  const held: Partial<MaterialValues> = {};
  for (const field of MATERIAL_FIELDS) {
    if (same(approved[field], edited[field])) continue;
    if (FEATURED_ONLY.has(field) && !edited.featured) continue;
    (held as Record<string, unknown>)[field] = edited[field];
    (edited as unknown as Record<string, unknown>)[field] = approved[field];
  }
  return Object.keys(held).length > 0 ? { ...held, requestedAt: now.toISOString() } : null;
}

/** Staff approved the change: it becomes the public version (featured-only content only on a featured entry). */
export function applyPendingChanges(row: DirectoryEntity): void {
  if (!row.pendingChanges) return;
  const { requestedAt: _requestedAt, ...changes } = row.pendingChanges;
  for (const [field, value] of Object.entries(changes)) {
    if (FEATURED_ONLY.has(field) && !row.featured) continue;
    (row as unknown as Record<string, unknown>)[field] = value;
  }
  row.pendingChanges = null;
}
