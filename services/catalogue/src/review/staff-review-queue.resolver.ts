import { Args, Field, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { InjectDataSource } from '@nestjs/typeorm';
import { DIRECTORY_MESSAGES, LISTING_MESSAGES } from '@trackside/contracts';
import { CurrentBrand, CurrentUser, Staff, type AuthUser } from '@trackside/platform';
import { IsNull, Not, type DataSource, type FindOptionsWhere } from 'typeorm';
import { validationError } from '../common/catalogue-error';
import { toDirectoryObject } from '../directory/directories.service';
import { DirectoryObject } from '../directory/directory.object';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';
import { ListingObject } from '../listings/listing.object';
import { ListingsService } from '../listings/listings.service';
import { DirectoryEntity, ListingEntity } from '../persistence';

@ObjectType('DirectoryReviewQueue', CATALOGUE_TYPES)
export class DirectoryReviewQueueObject {
  @Field(() => Int) count: number;
  @Field(() => [DirectoryObject]) directories: DirectoryObject[];
}

@ObjectType('ListingReviewQueue', CATALOGUE_TYPES)
export class ListingReviewQueueObject {
  @Field(() => Int) count: number;
  @Field(() => [ListingObject]) listings: ListingObject[];
}

const DIRECTORY_STATUSES = ['pending', 'approved', 'declined'];
const LISTING_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'EXPIRED', 'SOLD', 'CANCELED'];

/** A page of at most 100, oldest first: what waits longest is reviewed first. */
function page(start: number | null, limit: number | null): { skip: number; take: number } {
  return { skip: Math.max(Math.trunc(start ?? 0) || 0, 0), take: Math.min(Math.max(Math.trunc(limit ?? 20) || 20, 1), 100) };
}

/**
 * The staff review queues of the back office (/cms/website/review): the brand's directory entries
 * and Paddock listings by status, pending by default, with their count. Staff with websiteEnabled
 * (superAdmin passes), always the request's brand; reviewDirectory / reviewListing act on them.
 */
@Resolver()
@Staff('websiteEnabled')
export class StaffReviewQueueResolver {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly listings: ListingsService,
  ) {}

  @Query(() => DirectoryReviewQueueObject, {
    description: "Staff: the brand's directory entries by status (default pending), oldest first.",
  })
  async directoryReviewQueue(
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
    @Args('status', { type: () => String, nullable: true }) status: string | null,
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
  ): Promise<DirectoryReviewQueueObject> {
    const wanted = status ?? 'pending';
    if (!DIRECTORY_STATUSES.includes(wanted))
      throw validationError([{ path: 'status', message: DIRECTORY_MESSAGES.unknownStatus(wanted) }]);
    // Pending includes approved entries whose owner changed a material field: that change awaits review (issue 24 item 15).
    const where: FindOptionsWhere<DirectoryEntity>[] = [{ brand, status: wanted as DirectoryEntity['status'] }];
    if (wanted === 'pending') where.push({ brand, status: 'approved', pendingChanges: Not(IsNull()) });
    const [rows, count] = await this.db.getRepository(DirectoryEntity).findAndCount({
      where,
      order: { updatedAt: 'ASC', id: 'ASC' },
      ...page(start, limit),
    });
    return { count, directories: rows.map((row) => toDirectoryObject(row, { id: user.id, staff: true })) };
  }

  @Query(() => ListingReviewQueueObject, { description: "Staff: the brand's Paddock listings by status (default PENDING), oldest first." })
  async listingReviewQueue(
    @CurrentBrand() brand: string,
    @Args('status', { type: () => String, nullable: true }) status: string | null,
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
  ): Promise<ListingReviewQueueObject> {
    const wanted = status ?? 'PENDING';
    if (!LISTING_STATUSES.includes(wanted)) throw validationError([{ path: 'status', message: LISTING_MESSAGES.unknownStatus(wanted) }]);
    const [rows, count] = await this.db.getRepository(ListingEntity).findAndCount({
      where: { brand, status: wanted as ListingEntity['status'] },
      order: { updatedAt: 'ASC', id: 'ASC' },
      ...page(start, limit),
    });
    return { count, listings: rows.map((row) => this.listings.toObject(row)) };
  }
}
