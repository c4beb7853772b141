import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, type AuthUser } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { PayableItemAnnouncer } from '../payable-items/payable-item-announcer';
import { CatalogueEntryEvents } from '../search/catalogue-entry-events';
import { CATALOGUE_SEARCH_INDEX, type CatalogueSearchIndex } from '../search/catalogue-search.port';
import { PostgresCatalogueSearch } from '../search/postgres-catalogue-search';
import { addDirectoryBookmark, directoryBookmarks, removeDirectoryBookmark } from './directory-bookmarks.commands';
import { claimDirectory, createDirectory, reviewDirectory, updateDirectory } from './directory.commands';
import type { DirectoryContext } from './directory.context';
import type {
  DirectoryBookmarkObject,
  DirectoryInput,
  DirectoryObject,
  DirectorySearchResultObject,
  DirectoryWhereInput,
} from './directory.object';
import { claimableDirectory, listDirectories, myDirectories, oneDirectory, searchDirectories } from './directory.queries';

// The names other files import from here; the code lives in the files along the seams.
export { isDirectoryStaff, toDirectoryObject } from './directory.view';

/**
 * The business directory of spec 002: entries, owner lists, bookmarks, search, staff review and
 * claim. The paid plan (payments, cancel, period end) is DirectorySubscriptionsService's. The one
 * Nest provider of entries: it holds the dependencies and hands them to the queries
 * (directory.queries.ts), commands (directory.commands.ts) and bookmarks.
 */
@Injectable()
export class DirectoriesService {
  private readonly context: DirectoryContext;

  constructor(
    @InjectDataSource() db: DataSource,
    @Inject(CLOCK) clock: Clock,
    payableItems: PayableItemAnnouncer,
    entryEvents: CatalogueEntryEvents,
    // PostgreSQL unless the module provides another engine (docs/search.md).
    @Optional() @Inject(CATALOGUE_SEARCH_INDEX) search?: CatalogueSearchIndex,
  ) {
    this.context = { db, clock, payableItems, entryEvents, search: search ?? new PostgresCatalogueSearch(db) };
  }

  create(brand: string, user: AuthUser, input: DirectoryInput): Promise<DirectoryObject> {
    return createDirectory(this.context, brand, user, input);
  }

  update(brand: string, user: AuthUser, id: string | null | undefined, input: DirectoryInput): Promise<DirectoryObject> {
    return updateDirectory(this.context, brand, user, id, input);
  }

  mine(brand: string, user: AuthUser, start: number, limit: number): Promise<DirectoryObject[]> {
    return myDirectories(this.context, brand, user, start, limit);
  }

  list(brand: string, user: AuthUser | null, where: DirectoryWhereInput | null, start: number, limit: number): Promise<DirectoryObject[]> {
    return listDirectories(this.context, brand, user, where, { start, limit });
  }

  one(brand: string, user: AuthUser | null, id: string): Promise<DirectoryObject | null> {
    return oneDirectory(this.context, brand, user, id);
  }

  search(
    brand: string,
    q: string | null,
    category: string | null,
    featuredPage: number,
    page: number,
    viewerId: string | null = null,
  ): Promise<DirectorySearchResultObject> {
    return searchDirectories(this.context, brand, { q, category, featuredPage, page, viewerId });
  }

  review(brand: string, id: string, status: string, reason: string | null): Promise<DirectoryObject> {
    return reviewDirectory(this.context, brand, id, status, reason);
  }

  bookmarks(brand: string, user: AuthUser, userId: string | null): Promise<DirectoryBookmarkObject[]> {
    return directoryBookmarks(this.context, brand, user, userId);
  }

  addBookmark(
    brand: string,
    user: AuthUser,
    directoryId: string,
    userId: string | null,
    brandArg: string | null,
  ): Promise<DirectoryBookmarkObject> {
    return addDirectoryBookmark(this.context, brand, user, { directoryId, userId, brand: brandArg });
  }

  removeBookmark(brand: string, user: AuthUser, directoryId: string, userId: string | null): Promise<DirectoryBookmarkObject | null> {
    return removeDirectoryBookmark(this.context, brand, user, directoryId, userId);
  }

  claimable(brand: string, key: string): Promise<DirectoryObject | null> {
    return claimableDirectory(this.context, brand, key);
  }

  claim(brand: string, user: AuthUser, key: string): Promise<DirectoryObject> {
    return claimDirectory(this.context, brand, user, key);
  }
}
