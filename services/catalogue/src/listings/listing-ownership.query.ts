import { LISTING_ERROR_CODES, LISTING_MESSAGES } from '@trackside/contracts';
import { DomainError, type AuthUser } from '@trackside/platform';
import type { EntityManager, FindOptionsWhere } from 'typeorm';
import { isUuid } from '../packages/pricing-packages.service';
import type { ListingEntity, ListingGroupEntity } from '../persistence';

export function listingAccessDenied(): DomainError {
  return new DomainError(LISTING_ERROR_CODES.accessDenied, LISTING_MESSAGES.accessDenied, 'forbidden');
}

/**
 * The brand's listing or group `id` for its owner: 404 with `notFound` when there is none (or the id
 * is not a UUID), 'Access denied...' for anyone else; `lock` takes the row for update.
 */
export async function ownedRow<E extends ListingEntity | ListingGroupEntity>(
  manager: EntityManager,
  entity: new () => E,
  brand: string,
  user: AuthUser,
  id: string,
  notFound: string,
  lock = false,
): Promise<E> {
  const where = { brand, id } as FindOptionsWhere<E>;
  const row = isUuid(id)
    ? await manager.getRepository(entity).findOne(lock ? { where, lock: { mode: 'pessimistic_write' } } : { where })
    : null;
  if (!row) throw new DomainError(LISTING_ERROR_CODES.notFound, notFound, 'not-found');
  if (row.userId !== user.id) throw listingAccessDenied();
  return row;
}
