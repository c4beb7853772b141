import type { CmsFlag, CmsPermissions } from '../../../app/access';
import type { CmsUserRow } from './users.operations';

/** The users table's page size (the spec does not show one). */
export const USERS_PAGE_SIZE = 20;

/** Columns the server sorts by (identity's user list: username, email, created_at, updated_at). */
export type UserSortField = 'username' | 'email' | 'created_at' | 'updated_at';
export type SortOrder = 'ascend' | 'descend' | null;

/** The Strapi sort string of a table sort; newest first when none is chosen. */
export function sortString(field: UserSortField | null, order: SortOrder): string {
  if (!field || !order) return 'created_at:desc';
  return `${field}:${order === 'ascend' ? 'asc' : 'desc'}`;
}

/** The `where` of a search box text: Strapi's `_q` over display name, email and full name; null when empty. */
export function searchWhere(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : { _q: trimmed };
}

/** How a confirmation names the user: display name and email, so two similar names are not mixed up. */
export function userLabel(user: Pick<CmsUserRow, 'username' | 'email'>): string {
  return `${user.username} (${user.email})`;
}

export type UserAction = 'block' | 'unblock' | 'confirm' | 'delete';

/** The actions a row offers, in order: confirm only while unconfirmed, block or unblock, delete. */
export function rowActions(user: Pick<CmsUserRow, 'confirmed' | 'blocked'>): UserAction[] {
  return [...(user.confirmed ? [] : (['confirm'] as const)), user.blocked ? 'unblock' : 'block', 'delete'];
}

/** The question a confirmation asks and its button, naming the user. */
export function confirmationOf(
  action: UserAction,
  user: Pick<CmsUserRow, 'username' | 'email'>,
): { title: string; okText: string; detail: string } {
  const who = userLabel(user);
  switch (action) {
    case 'block':
      return { title: `Block ${who}?`, okText: 'Block', detail: 'They can no longer sign in, and their open sessions stop working.' };
    case 'unblock':
      return { title: `Unblock ${who}?`, okText: 'Unblock', detail: 'They can sign in again.' };
    case 'confirm':
      return { title: `Confirm the email of ${who}?`, okText: 'Confirm', detail: 'They can sign in without the confirmation link.' };
    case 'delete':
      return { title: `Delete ${who}?`, okText: 'Delete', detail: 'The account is removed for good; this cannot be undone.' };
  }
}

export const SUCCESS_MESSAGES: Record<UserAction, (who: string) => string> = {
  block: (who) => `${who} is blocked.`,
  unblock: (who) => `${who} is unblocked.`,
  confirm: (who) => `${who} is confirmed.`,
  delete: (who) => `${who} is deleted.`,
};

/** Staff flags in the order the permission editor lists them, with what each opens. */
export const FLAG_LABELS: Array<{ flag: CmsFlag; label: string; help: string }> = [
  { flag: 'superAdmin', label: 'superAdmin', help: 'Tools, staff permissions, and every other screen’s operations' },
  { flag: 'manageUsers', label: 'manageUsers', help: 'Users' },
  { flag: 'auctionEnabled', label: 'auctionEnabled', help: 'Auction: Manage and Configure' },
  { flag: 'websiteEnabled', label: 'websiteEnabled', help: 'Website: Configure and the review queues' },
  { flag: 'manageHomepage', label: 'manageHomepage', help: 'Website: Home Page (with websiteEnabled)' },
  { flag: 'websiteTheme', label: 'websiteTheme', help: 'The theme part of the website configuration' },
];

/** The flags the user holds, in the editor's order. */
export function heldFlags(permissions: CmsPermissions): CmsFlag[] {
  return FLAG_LABELS.map((entry) => entry.flag).filter((flag) => permissions[flag]);
}

/** Only the flags that change, so a save never rewrites what the editor did not touch. */
export function permissionChanges(before: CmsPermissions, after: Record<CmsFlag, boolean>): Partial<Record<CmsFlag, boolean>> {
  const changes: Partial<Record<CmsFlag, boolean>> = {};
  for (const { flag } of FLAG_LABELS) if (before[flag] !== after[flag]) changes[flag] = after[flag];
  return changes;
}
