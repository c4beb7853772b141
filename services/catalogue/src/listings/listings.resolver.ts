import { Args, Field, ID, InputType, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-type-json';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';
import { Confirmed, CurrentBrand, CurrentUser, Public, SignedIn, Staff, type AuthUser } from '@trackside/platform';
import { BrandConfigurationService } from '../brand/brand-configuration.service';
import type { ListingCategoryEntity, ListingPropertyFieldData } from '../persistence';
import {
  CreateListingGroupInput,
  CreateListingGroupPayload,
  CreateListingInput,
  CreateListingPayload,
  DeleteListingGroupInput,
  DeleteListingGroupPayload,
  DeleteListingInput,
  DeleteListingPayload,
  ListingGroupObject,
  ListingCategoryObject,
  ListingObject,
  ListingPropertyFieldObject,
  ListingSearchResultObject,
  ListingWhereInput,
  UpdateListingGroupInput,
  UpdateListingGroupPayload,
  UpdateListingInput,
  UpdateListingPayload,
} from './listing.object';
import { LISTING_PAGE_SIZE, ListingsService } from './listings.service';

@InputType('saveListingCategoryInput', CATALOGUE_TYPES)
export class UpdateListingCategoryInput {
  @Field(() => GraphQLJSON, { description: '{ name, slug, position, types: [{ name, slug }], fields: [ListingPropertyField] }' })
  data: unknown;
}

@Resolver()
export class ListingsResolver {
  constructor(
    private readonly service: ListingsService,
    private readonly configurations: BrandConfigurationService,
  ) {}

  @Mutation(() => ListingCategoryObject, {
    description: 'Staff: create or replace a category (by slug) with its types and property fields.',
  })
  @Staff('websiteEnabled')
  async saveListingCategory(
    @Args('input') input: UpdateListingCategoryInput,
    @CurrentBrand() brand: string,
  ): Promise<ListingCategoryObject> {
    return toCategoryObject(await this.service.saveCategory(brand, input.data));
  }

  @Query(() => [ListingCategoryObject], { description: 'Paddock categories with their types and property fields.' })
  @Public()
  async listingCategories(@CurrentBrand() brand: string): Promise<ListingCategoryObject[]> {
    return (await this.service.categories(brand)).map(toCategoryObject);
  }

  @Query(() => ListingSearchResultObject, {
    description: 'Approved listings; page size 9, first page 1; sort date_desc, date_asc, price_asc, price_desc.',
  })
  @Public()
  async listings(
    @Args('where', { type: () => ListingWhereInput, nullable: true }) where: ListingWhereInput | null,
    @Args('sort', { type: () => String, nullable: true }) sort: string | null,
    @Args('page', { type: () => Int, nullable: true, defaultValue: 1 }) page: number,
    @Args('pageSize', { type: () => Int, nullable: true, defaultValue: LISTING_PAGE_SIZE }) pageSize: number,
    @CurrentBrand() brand: string,
  ): Promise<ListingSearchResultObject> {
    return this.service.search(brand, where, sort, page ?? 1, pageSize ?? LISTING_PAGE_SIZE);
  }

  @Query(() => ListingSearchResultObject, {
    description: "The Paddock home: the newest listings, as many as the brand's paddockConfiguration.numberOfHits (32).",
  })
  @Public()
  async paddockListings(
    @Args('where', { type: () => ListingWhereInput, nullable: true }) where: ListingWhereInput | null,
    @CurrentBrand() brand: string,
  ): Promise<ListingSearchResultObject> {
    const hits = (await this.configurations.get(brand)).settings.paddockConfiguration.numberOfHits;
    return this.service.search(brand, where, 'date_desc', 1, hits);
  }

  @Query(() => ListingObject, { nullable: true, description: 'A listing by its route: {category}/{type}/{slug}.' })
  @Public()
  async listingsByDetails(
    @Args('category') category: string,
    @Args('type') type: string,
    @Args('slug') slug: string,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<ListingObject | null> {
    return this.service.byDetails(brand, user, category, type, slug);
  }

  @Query(() => ListingObject, { nullable: true })
  @Public()
  async listing(
    @Args('id', { type: () => ID }) id: string,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<ListingObject | null> {
    return this.service.one(brand, user, id);
  }

  @Query(() => [ListingObject], { description: "The signed-in user's listings in every status (dashboard)." })
  @SignedIn()
  async myListings(
    @Args('start', { type: () => Int, nullable: true, defaultValue: 0 }) start: number,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 50 }) limit: number,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<ListingObject[]> {
    return this.service.mine(brand, user, start ?? 0, limit ?? 50);
  }

  @Mutation(() => CreateListingPayload)
  @Confirmed()
  async createListing(
    @Args('input') input: CreateListingInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<CreateListingPayload> {
    return { listing: await this.service.create(brand, user, input.data) };
  }

  @Mutation(() => UpdateListingPayload)
  @Confirmed()
  async updateListing(
    @Args('input') input: UpdateListingInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<UpdateListingPayload> {
    return { listing: await this.service.update(brand, user, input.where.id, input.data) };
  }

  @Mutation(() => DeleteListingPayload)
  @Confirmed()
  async deleteListing(
    @Args('input') input: DeleteListingInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<DeleteListingPayload> {
    return { listing: await this.service.delete(brand, user, input.where.id) };
  }

  @Mutation(() => ListingObject, {
    description: 'Staff review: APPROVED publishes the listing and starts its active period; DECLINED with a reason the owner sees.',
  })
  @Staff('websiteEnabled')
  async reviewListing(
    @Args('id', { type: () => ID }) id: string,
    @Args('status') status: string,
    @CurrentBrand() brand: string,
    @Args('reason', { type: () => String, nullable: true, description: 'DECLINED: why (the owner sees it).' }) reason: string | null,
  ): Promise<ListingObject> {
    return this.service.review(brand, id, status, reason);
  }

  @Mutation(() => CreateListingGroupPayload)
  @Confirmed()
  async createListingGroup(
    @Args('input') input: CreateListingGroupInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<CreateListingGroupPayload> {
    return { listingGroup: await this.service.createGroup(brand, user, input.data) };
  }

  @Query(() => [ListingGroupObject], { description: "The signed-in user's listing groups with their listings, newest first." })
  @SignedIn()
  async myListingGroups(@CurrentBrand() brand: string, @CurrentUser() user: AuthUser): Promise<ListingGroupObject[]> {
    return this.service.myGroups(brand, user);
  }

  @Mutation(() => UpdateListingGroupPayload, { description: 'Owner: rename a group or set its listings (own listings only).' })
  @Confirmed()
  async updateListingGroup(
    @Args('input') input: UpdateListingGroupInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<UpdateListingGroupPayload> {
    return { listingGroup: await this.service.updateGroup(brand, user, input.where.id, input.data) };
  }

  @Mutation(() => DeleteListingGroupPayload, { description: 'Owner: delete a group; its listings stay, ungrouped.' })
  @Confirmed()
  async deleteListingGroup(
    @Args('input') input: DeleteListingGroupInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<DeleteListingGroupPayload> {
    return { listingGroup: await this.service.deleteGroup(brand, user, input.where.id) };
  }
}

function toCategoryObject(category: ListingCategoryEntity): ListingCategoryObject {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    types: category.types,
    fields: [...category.fields].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).map(toFieldObject),
  };
}

function toFieldObject(field: ListingPropertyFieldData): ListingPropertyFieldObject {
  return {
    id: field.id,
    enabled: field.enabled,
    name: field.name,
    label: field.label,
    type: field.type,
    regex: field.regex ?? null,
    regexMessage: field.regexMessage ?? null,
    required: field.required ?? false,
    min: field.min ?? null,
    max: field.max ?? null,
    precision: field.precision ?? null,
    tooltip: field.tooltip ?? null,
    defaultValue: field.defaultValue ?? null,
    placeholder: field.placeholder ?? (field.type === 'SELECT' ? 'Select an option' : null),
    disabled: field.disabled ?? false,
    hidden: field.hidden ?? false,
    options: field.options ?? [],
    size: field.size ?? null,
    icon: field.icon ?? null,
    childName: field.childName ?? null,
    order: field.order ?? 0,
  };
}
