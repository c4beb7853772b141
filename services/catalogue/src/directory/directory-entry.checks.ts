import { CATALOGUE_ERROR_CODES, DIRECTORY_MESSAGES } from '@trackside/contracts';
import { DomainError, type AuthUser } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { validationError } from '../common/catalogue-error';
import { isUuid } from '../packages/pricing-packages.service';
import { DirectoryEntity, MediaFileEntity, PricingPackageEntity, type DirectorySocialLinksData, type MediaFileData } from '../persistence';
import type { DirectoryIssue } from './directory-input';
import { isDirectoryStaff } from './directory.view';

/** The checks the directory's commands share: plan, image, featured-only content, locking, refusals. */

export function directoryAccessDenied(): DomainError {
  return new DomainError(CATALOGUE_ERROR_CODES.accessDenied, DIRECTORY_MESSAGES.accessDenied, 'forbidden');
}

/** All the issues at once; the first one's code and message are the error's. */
export function directoryIssuesError(issues: DirectoryIssue[]): DomainError {
  return validationError(
    issues.map(({ path, message }) => ({ path, message })),
    issues[0]!.code,
  );
}

export async function lockEntry(manager: EntityManager, brand: string, id: string): Promise<DirectoryEntity | null> {
  if (!isUuid(id)) return null;
  return manager.getRepository(DirectoryEntity).findOne({ where: { brand, id }, lock: { mode: 'pessimistic_write' } });
}

/** The brand's enabled directory plan `packageId`, or null when none is asked for. */
export async function directoryPlan(
  db: DataSource,
  brand: string,
  packageId: string | null | undefined,
): Promise<PricingPackageEntity | null> {
  if (!packageId) return null;
  const plan = isUuid(packageId)
    ? await db.getRepository(PricingPackageEntity).findOneBy({ brand, id: packageId, type: 'DIRECTORY' })
    : null;
  if (!plan || !plan.enabled)
    throw validationError([{ path: 'packageId', message: DIRECTORY_MESSAGES.unknownPlan }], CATALOGUE_ERROR_CODES.directoryPackage);
  return plan;
}

/** The entry's image: an upload of the user's own (staff may use any of the brand's). */
export async function directoryImage(
  db: DataSource,
  brand: string,
  user: AuthUser,
  id: string | null | undefined,
  issues: DirectoryIssue[],
): Promise<MediaFileData | null> {
  if (!id) return null;
  const file = isUuid(id) ? await db.getRepository(MediaFileEntity).findOneBy({ brand, id }) : null;
  if (!file || (file.userId !== user.id && !isDirectoryStaff(user))) {
    issues.push({ path: 'image', message: DIRECTORY_MESSAGES.unknownImage, code: CATALOGUE_ERROR_CODES.validation });
    return null;
  }
  return {
    id: file.id,
    url: file.url,
    name: file.name,
    mime: file.mime,
    alternativeText: file.alternativeText,
    caption: file.caption,
    formats: file.formats,
  };
}

/** Social links, a video and an image are for featured entries only. */
export function benefitsCheck(
  featured: boolean,
  values: { socialLinks?: DirectorySocialLinksData; videoURL?: string | null; image?: MediaFileData | null },
  issues: DirectoryIssue[],
): void {
  if (featured) return;
  const hasLinks = Object.values(values.socialLinks ?? {}).some(Boolean);
  if (hasLinks || values.videoURL || values.image)
    issues.push({
      path: hasLinks ? 'socialLinks' : values.videoURL ? 'videoURL' : 'image',
      message: DIRECTORY_MESSAGES.featuredOnly,
      code: CATALOGUE_ERROR_CODES.validation,
    });
}
