import { describe, expect, it } from 'vitest';
import { NO_PERMISSIONS } from '../../../app/access';
import { confirmationOf, heldFlags, permissionChanges, rowActions, searchWhere, sortString } from './users-table';

describe('back-office users table rules', () => {
  it('sorts newest first unless a column is chosen', () => {
    expect(sortString(null, null)).toBe('created_at:desc');
    expect(sortString('username', 'ascend')).toBe('username:asc');
    expect(sortString('email', 'descend')).toBe('email:desc');
    expect(sortString('email', null)).toBe('created_at:desc');
  });

  it('searches with _q, nothing for blank text', () => {
    expect(searchWhere('  ')).toBeNull();
    expect(searchWhere(' Grace H ')).toEqual({ _q: 'Grace H' });
  });

  it('offers confirm only while unconfirmed, and block or unblock by state', () => {
    expect(rowActions({ confirmed: false, blocked: false })).toEqual(['confirm', 'block', 'delete']);
    expect(rowActions({ confirmed: true, blocked: true })).toEqual(['unblock', 'delete']);
  });

  it('names the user in every confirmation', () => {
    const user = { username: 'grace', email: 'grace@example.test' };
    for (const action of ['block', 'unblock', 'confirm', 'delete'] as const)
      expect(confirmationOf(action, user).title).toContain('grace (grace@example.test)');
    expect(confirmationOf('delete', user).okText).toBe('Delete');
  });

  it('sends only the flags that changed', () => {
    const before = { ...NO_PERMISSIONS, brand: 'trackside', manageUsers: true };
    expect(heldFlags(before)).toEqual(['manageUsers']);
    const after = {
      ...before,
      manageUsers: true,
      auctionEnabled: true,
      superAdmin: false,
      websiteEnabled: false,
      manageHomepage: false,
      websiteTheme: false,
    };
    expect(permissionChanges(before, after)).toEqual({ auctionEnabled: true });
  });
});
