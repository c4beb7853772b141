import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Confirmed, CurrentBrand, CurrentUser, Public, SignedIn, Staff, type AuthUser } from '@trackside/platform';
import { DirectoriesService } from './directories.service';
import {
  CreateDirectoryInput,
  CreateDirectoryPayload,
  DirectoryBookmarkObject,
  DirectoryObject,
  DirectoryReviewPayload,
  DirectorySearchResultObject,
  DirectoryWhereInput,
  UpdateDirectoryInput,
  UpdateDirectoryPayload,
} from './directory.object';

@Resolver()
export class DirectoriesResolver {
  constructor(private readonly service: DirectoriesService) {}

  @Mutation(() => CreateDirectoryPayload, { description: 'A new entry starts pending; featured benefits need a paid plan.' })
  @Confirmed()
  async createDirectory(
    @Args('input') input: CreateDirectoryInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<CreateDirectoryPayload> {
    return { directory: await this.service.create(brand, user, input.data) };
  }

  @Mutation(() => UpdateDirectoryPayload, { description: "Owner only ('Access denied...'); a declined entry is reviewed again." })
  @Confirmed()
  async updateDirectory(
    @Args('input') input: UpdateDirectoryInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<UpdateDirectoryPayload> {
    return { directory: await this.service.update(brand, user, input.where?.id ?? input.data.id, input.data) };
  }

  @Query(() => [DirectoryObject], { description: "The signed-in user's entries in every status (start 0, limit 50)." })
  @SignedIn()
  async myDirectories(
    @Args('start', { type: () => Int, nullable: true, defaultValue: 0 }) start: number,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 50 }) limit: number,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<DirectoryObject[]> {
    return this.service.mine(brand, user, start ?? 0, limit ?? 50);
  }

  @Query(() => [DirectoryObject], { description: 'Directories by owner (where.userId) and by id list (where.id_in).' })
  @Public()
  async directories(
    @Args('where', { type: () => DirectoryWhereInput, nullable: true }) where: DirectoryWhereInput | null,
    @Args('start', { type: () => Int, nullable: true, defaultValue: 0 }) start: number,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 50 }) limit: number,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<DirectoryObject[]> {
    return this.service.list(brand, user, where, start ?? 0, limit ?? 50);
  }

  @Query(() => DirectoryObject, {
    nullable: true,
    description: 'The entry a claim key opens (public view), for the claim page to name the business; null for an unknown or used key.',
  })
  @Public()
  async claimableDirectory(@Args('key') key: string, @CurrentBrand() brand: string): Promise<DirectoryObject | null> {
    return this.service.claimable(brand, key);
  }

  @Query(() => DirectoryObject, { nullable: true })
  @Public()
  async directory(
    @Args('id', { type: () => ID }) id: string,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<DirectoryObject | null> {
    return this.service.one(brand, user, id);
  }

  @Query(() => DirectorySearchResultObject, {
    description: 'Approved entries: a featured set (4 per page) and a regular set (8 per page), each paged from 1.',
  })
  @Public()
  async directorySearch(
    @Args('q', { type: () => String, nullable: true }) q: string | null,
    @Args('category', { type: () => String, nullable: true, description: 'A category, or EVERYTHING (no filter).' })
    category: string | null,
    @Args('page', { type: () => Int, nullable: true, defaultValue: 1 }) page: number,
    @Args('featuredPage', { type: () => Int, nullable: true, defaultValue: 1 }) featuredPage: number,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<DirectorySearchResultObject> {
    return this.service.search(brand, q, category, featuredPage ?? 1, page ?? 1, user?.id ?? null);
  }

  @Query(() => [DirectoryBookmarkObject], { description: "The signed-in user's bookmarks (userId, when given, must be theirs)." })
  @SignedIn()
  async directoryBookmarks(
    @Args('userId', { type: () => ID, nullable: true }) userId: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<DirectoryBookmarkObject[]> {
    return this.service.bookmarks(brand, user, userId);
  }

  @Mutation(() => DirectoryBookmarkObject)
  @SignedIn()
  async addDirectoryBookmark(
    @Args('directoryId', { type: () => ID }) directoryId: string,
    @Args('userId', { type: () => ID, nullable: true }) userId: string | null,
    @Args('brand', { type: () => String, nullable: true }) brandArg: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<DirectoryBookmarkObject> {
    return this.service.addBookmark(brand, user, directoryId, userId, brandArg);
  }

  @Mutation(() => DirectoryBookmarkObject, { nullable: true, description: 'The removed bookmark, or null when there was none.' })
  @SignedIn()
  async removeDirectoryBookmark(
    @Args('directoryId', { type: () => ID }) directoryId: string,
    @Args('userId', { type: () => ID, nullable: true }) userId: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<DirectoryBookmarkObject | null> {
    return this.service.removeBookmark(brand, user, directoryId, userId);
  }

  @Mutation(() => DirectoryReviewPayload, {
    description: 'Staff review: approved entries become searchable; declined ones carry the reason.',
  })
  @Staff('websiteEnabled')
  async reviewDirectory(
    @Args('id', { type: () => ID }) id: string,
    @Args('status', { description: 'approved, declined (or pending).' }) status: string,
    @Args('reason', { type: () => String, nullable: true }) reason: string | null,
    @CurrentBrand() brand: string,
  ): Promise<DirectoryReviewPayload> {
    return { directory: await this.service.review(brand, id, status, reason) };
  }
}
