import { NO_PERMISSIONS, type AuthUser, type StaffPermissions } from '@trackside/platform';
import type { CmsPermissionsObject, CmsUserObject, UserObject } from '../graphql/user.object';
import type { UserEntity } from '../persistence';

export function permissionsOf(user: UserEntity): StaffPermissions {
  return {
    superAdmin: user.permSuperAdmin,
    manageUsers: user.permManageUsers,
    auctionEnabled: user.permAuctionEnabled,
    websiteEnabled: user.permWebsiteEnabled,
    manageHomepage: user.permManageHomepage,
    websiteTheme: user.permWebsiteTheme,
  };
}

export function hasCmsAccess(user: UserEntity): boolean {
  return Object.values(permissionsOf(user)).some(Boolean);
}

/** The claims of the user's access token (libs/platform verifies them in every service). */
export function toAuthUser(user: UserEntity): AuthUser {
  return {
    id: user.id,
    brand: user.brand,
    email: user.email,
    username: user.username,
    confirmed: user.confirmed,
    permissions: { ...NO_PERMISSIONS, ...permissionsOf(user) },
    tokenVersion: user.tokenVersion ?? 0,
  };
}

/** The viewer sees personal fields of their own account, and staff with manageUsers of their brand's users. */
export function canSeePersonalFields(user: UserEntity, viewer: AuthUser | null): boolean {
  if (!viewer || viewer.brand !== user.brand) return false;
  if (viewer.id === user.id) return true;
  return viewer.permissions.superAdmin || viewer.permissions.manageUsers;
}

export function toUserObject(user: UserEntity, viewer: AuthUser | null): UserObject {
  const personal = canSeePersonalFields(user, viewer);
  const hide = <T>(value: T): T | null => (personal ? value : null);
  return {
    id: user.id,
    username: user.username,
    brand: user.brand,
    email: hide(user.email),
    provider: hide(user.provider),
    confirmed: hide(user.confirmed),
    blocked: hide(user.blocked),
    cmsAccess: hide(hasCmsAccess(user)),
    firstName: hide(user.firstName),
    lastName: hide(user.lastName),
    phone: hide(user.phone),
    bio: user.bio,
    website: user.website,
    address: hide({ ...user.address }),
    socialLinks: { ...user.socialLinks },
    avatar: user.avatar,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}

export function toCmsUser(user: UserEntity): CmsUserObject {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    confirmed: user.confirmed,
    blocked: user.blocked,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    permissions: toCmsPermissions(user),
  };
}

export function toCmsPermissions(user: UserEntity): CmsPermissionsObject {
  return { brand: user.brand, ...permissionsOf(user) };
}
