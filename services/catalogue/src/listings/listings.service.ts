import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, type AuthUser } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { PayableItemAnnouncer } from '../payable-items/payable-item-announcer';
import type { ListingCategoryEntity, ListingEntity } from '../persistence';
import { ExchangeRatesService } from '../reference/exchange-rates.service';
import { CatalogueEntryEvents } from '../search/catalogue-entry-events';
import { CATALOGUE_SEARCH_INDEX, type CatalogueSearchIndex } from '../search/catalogue-search.port';
import { PostgresCatalogueSearch } from '../search/postgres-catalogue-search';
import { saveListingCategory } from './listing-category.commands';
import { createListingGroup, deleteListingGroup, myListingGroups, updateListingGroup } from './listing-groups.commands';
import { markListingPaid, type ListingPayment } from './listing-payment.commands';
import { createListing, deleteListing, reviewListing, updateListing } from './listing.commands';
import type { ListingContext } from './listing.context';
import type { ListingGroupObject, ListingInput, ListingObject, ListingSearchResultObject, ListingWhereInput } from './listing.object';
import { listingByDetails, listingCategories, myListings, oneListing, searchListings } from './listing.queries';
import { toListingObject } from './listing.view';

// The names the resolvers, processors and specs import from here; the code lives in the files along the seams.
export { initialPaymentStatus, type ListingPayment } from './listing-payment.commands';
export { SELLER_TYPES } from './listing-input.normaliser';
export { LISTING_PAGE_SIZE } from './listing.queries';
export { UNPAID_APPROVAL_MESSAGE } from './listing.commands';

/**
 * Paddock listings (spec 002): create under a package and its limits, edit, delete, review, search.
 * The one Nest provider of listings: it holds the dependencies and hands them to the queries
 * (listing.queries.ts), commands (listing.commands.ts), groups, categories and payments.
 */
@Injectable()
export class ListingsService {
  private readonly context: ListingContext;

  constructor(
    @InjectDataSource() db: DataSource,
    rates: ExchangeRatesService,
    @Inject(CLOCK) clock: Clock,
    payableItems: PayableItemAnnouncer,
    entryEvents: CatalogueEntryEvents,
    // PostgreSQL unless the module provides another engine (docs/search.md).
    @Optional() @Inject(CATALOGUE_SEARCH_INDEX) search?: CatalogueSearchIndex,
  ) {
    this.context = { db, rates, clock, payableItems, entryEvents, search: search ?? new PostgresCatalogueSearch(db) };
  }

  categories(brand: string): Promise<ListingCategoryEntity[]> {
    return listingCategories(this.context, brand);
  }

  saveCategory(brand: string, input: unknown): Promise<ListingCategoryEntity> {
    return saveListingCategory(this.context, brand, input);
  }

  create(brand: string, user: AuthUser, input: ListingInput): Promise<ListingObject> {
    return createListing(this.context, brand, user, input);
  }

  update(brand: string, user: AuthUser, id: string, input: ListingInput): Promise<ListingObject> {
    return updateListing(this.context, brand, user, id, input);
  }

  delete(brand: string, user: AuthUser, id: string): Promise<ListingObject> {
    return deleteListing(this.context, brand, user, id);
  }

  review(brand: string, id: string, status: string, reason: string | null = null): Promise<ListingObject> {
    return reviewListing(this.context, brand, id, status, reason);
  }

  search(
    brand: string,
    where: ListingWhereInput | null,
    sort: string | null,
    page: number,
    pageSize: number,
  ): Promise<ListingSearchResultObject> {
    return searchListings(this.context, brand, where, sort, page, pageSize);
  }

  mine(brand: string, user: AuthUser, start: number, limit: number): Promise<ListingObject[]> {
    return myListings(this.context, brand, user, start, limit);
  }

  byDetails(brand: string, user: AuthUser | null, category: string, type: string, slug: string): Promise<ListingObject | null> {
    return listingByDetails(this.context, brand, user, { category, type, slug });
  }

  one(brand: string, user: AuthUser | null, id: string): Promise<ListingObject | null> {
    return oneListing(this.context, brand, user, id);
  }

  createGroup(
    brand: string,
    user: AuthUser,
    data: { name: string; description?: string | null; listings: string[] },
  ): Promise<ListingGroupObject> {
    return createListingGroup(this.context, brand, user, data);
  }

  myGroups(brand: string, user: AuthUser): Promise<ListingGroupObject[]> {
    return myListingGroups(this.context, brand, user);
  }

  updateGroup(
    brand: string,
    user: AuthUser,
    id: string,
    data: { name?: string | null; description?: string | null; listings?: string[] | null },
  ): Promise<ListingGroupObject> {
    return updateListingGroup(this.context, brand, user, id, data);
  }

  deleteGroup(brand: string, user: AuthUser, id: string): Promise<ListingGroupObject> {
    return deleteListingGroup(this.context, brand, user, id);
  }

  toObject(row: ListingEntity): ListingObject {
    return toListingObject(this.context, row);
  }

  markPaid(brand: string, payment: ListingPayment): Promise<'paid' | 'ignored'> {
    return markListingPaid(this.context, brand, payment);
  }
}
