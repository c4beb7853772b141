import type { Directory } from './directory.operations';

/** The fields whose change to an approved entry waits for staff review (issue 24 item 15), in words. */
const FIELD_WORDS: Record<string, string> = {
  name: 'name',
  keywords: 'keywords',
  website: 'website',
  socialLinks: 'social links',
  videoURL: 'video',
  image: 'image',
};

/** The entry as its owner last asked for it: the approved entry with the change awaiting review over it (the edit form starts here). */
export function withPendingChanges(entry: Directory): Directory {
  if (!entry.pendingChanges) return entry;
  const changes: Partial<Directory> = {};
  for (const field of Object.keys(FIELD_WORDS)) {
    if (field in entry.pendingChanges)
      (changes as Record<string, unknown>)[field] = (entry.pendingChanges as Record<string, unknown>)[field];
  }
  return { ...entry, ...changes };
}

/** "Your changes to the name and keywords await review. …" for the owner, or null when nothing waits. */
export function changesAwaitingReviewText(entry: Directory): string | null {
  if (!entry.changesAwaitingReview) return null;
  const words = Object.keys(entry.pendingChanges ?? {})
    .filter((field) => field in FIELD_WORDS)
    .map((field) => FIELD_WORDS[field]!);
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : (words[0] ?? 'entry');
  return `Your changes to the ${list} await review. The approved version stays public until staff approve them.`;
}
