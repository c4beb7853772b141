import type { AuthUser } from '@trackside/platform';
import type { DirectoryBookmarkEntity, DirectoryEntity } from '../persistence';
import type { DirectoryBookmarkObject, DirectoryObject } from './directory.object';

/** Who reads an entry: the owner's id (or null) and whether they are directory staff. */
export interface DirectoryViewer {
  id: string | null;
  staff: boolean;
}

export function isDirectoryStaff(user: AuthUser): boolean {
  return user.permissions.superAdmin || user.permissions.websiteEnabled;
}

export function viewerOf(user: AuthUser | null): DirectoryViewer {
  return { id: user?.id ?? null, staff: !!user && isDirectoryStaff(user) };
}

/** Visitors see approved entries; the owner and staff see every status. */
export function visibleTo(row: DirectoryEntity, user: AuthUser | null): boolean {
  return row.status === 'approved' || (!!user && (row.userId === user.id || isDirectoryStaff(user)));
}

export function bookmarkObject(row: DirectoryBookmarkEntity): Omit<DirectoryBookmarkObject, 'directory'> {
  return { id: row.id, directoryId: row.directoryId, userId: row.userId, brand: row.brand };
}

/**
 * The API view. Featured-only content (social links, video, image) shows publicly only while the
 * subscription is active ("benefits only after payment"); the owner and staff always see it. The
 * claim key is for staff; the review reason for the owner and staff.
 */
export function toDirectoryObject(row: DirectoryEntity, viewer: DirectoryViewer): DirectoryObject {
  const privileged = viewer.staff || (viewer.id !== null && viewer.id === row.userId);
  const benefits = privileged || (row.featured && row.activeSubscription);
  return {
    id: row.id,
    status: row.status,
    featured: row.featured,
    name: row.name,
    category: row.category,
    addressCountry: row.addressCountry,
    addressState: row.addressState,
    addressCity: row.addressCity,
    addressPostal: row.addressPostal,
    addressStreet1: row.addressStreet1,
    addressStreet2: row.addressStreet2,
    hoursOfOperation: hoursObject(row),
    website: row.website,
    phone: row.phone,
    email: row.email,
    keywords: row.keywords,
    socialLinks: benefits ? socialLinksObject(row) : null,
    videoURL: benefits ? row.videoURL : null,
    image: benefits && row.image ? { ...row.image, formats: row.image.formats ?? null } : null,
    activeSubscription: row.activeSubscription,
    // The plan's billing is the owner's (and staff's) business.
    subscriptionPeriodEnd: privileged ? (row.subscriptionPeriodEnd ?? null) : null,
    subscriptionCancelAtPeriodEnd: privileged && row.subscriptionCancelAtPeriodEnd,
    subscriptionPastDue: privileged && row.subscriptionPastDue,
    userId: row.userId,
    packageId: row.packageId,
    claimKey: viewer.staff ? row.claimKey : null,
    reviewReason: privileged ? row.reviewReason : null,
    changesAwaitingReview: privileged && row.pendingChanges !== null && row.pendingChanges !== undefined,
    pendingChanges: privileged ? ((row.pendingChanges as unknown as Record<string, unknown> | null) ?? null) : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function hoursObject(row: DirectoryEntity): DirectoryObject['hoursOfOperation'] {
  const hours = row.hoursOfOperation;
  if (!hours) return null;
  return {
    Su: hours.Su ?? null,
    Mo: hours.Mo ?? null,
    Tu: hours.Tu ?? null,
    We: hours.We ?? null,
    Th: hours.Th ?? null,
    Fr: hours.Fr ?? null,
    Sa: hours.Sa ?? null,
  };
}

function socialLinksObject(row: DirectoryEntity): DirectoryObject['socialLinks'] {
  const links = row.socialLinks ?? {};
  return {
    facebook: links.facebook ?? null,
    instagram: links.instagram ?? null,
    youtube: links.youtube ?? null,
    linkedin: links.linkedin ?? null,
    twitter: links.twitter ?? null,
  };
}
