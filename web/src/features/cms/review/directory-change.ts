import type { DirectoryImage, SocialLinks } from '../../directory/directory.operations';

/** The material fields of an approved entry whose change waits for staff review (issue 24 item 15). */
export interface DirectoryChangeValues {
  name: string;
  keywords: string[];
  website: string | null;
  socialLinks: SocialLinks | null;
  videoURL: string | null;
  image: Pick<DirectoryImage, 'url' | 'name'> | null;
}

/** One changed field as staff read it: the approved (public) value and the value awaiting review. */
export interface DirectoryChangeRow {
  field: string;
  from: string;
  to: string;
}

const FIELD_LABELS: Record<keyof DirectoryChangeValues, string> = {
  name: 'Name',
  keywords: 'Keywords',
  website: 'Website',
  socialLinks: 'Social links',
  videoURL: 'Video',
  image: 'Image',
};

const NONE = '(none)';

/** A field's value in words; the pending change carries an image as its id only, so it reads "new image". */
function words(field: keyof DirectoryChangeValues, value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (field === 'keywords' && Array.isArray(value)) return value.length > 0 ? value.join(', ') : NONE;
  if (field === 'socialLinks' && typeof value === 'object') {
    const links = Object.entries(value as Record<string, string | null>).filter(([key, link]) => key !== '__typename' && link);
    return links.length > 0 ? links.map(([site, link]) => `${site}: ${link}`).join(', ') : NONE;
  }
  if (field === 'image') {
    if (typeof value === 'object')
      return (value as { name?: string | null; url?: string }).name ?? (value as { url?: string }).url ?? 'image';
    return 'new image';
  }
  return String(value);
}

/** The change awaiting review, field by field (old → new), in the order the owner's form shows them. */
export function directoryChangeRows(
  approved: DirectoryChangeValues,
  pendingChanges: Record<string, unknown> | null | undefined,
): DirectoryChangeRow[] {
  if (!pendingChanges) return [];
  return (Object.keys(FIELD_LABELS) as Array<keyof DirectoryChangeValues>)
    .filter((field) => field in pendingChanges)
    .map((field) => ({ field: FIELD_LABELS[field], from: words(field, approved[field]), to: words(field, pendingChanges[field]) }));
}
