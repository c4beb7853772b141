import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-type-json';
import { MediaFileObject } from '../directory/directory.object';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';
import { ListingSearchHighlightObject } from '../search/catalogue-search-highlight.object';

@ObjectType('ListingAddress', CATALOGUE_TYPES)
export class ListingAddressObject {
  @Field() country: string;
  @Field(() => String, { nullable: true }) state: string | null;
  @Field(() => String, { nullable: true }) city: string | null;
}

@ObjectType('Listing', CATALOGUE_TYPES)
export class ListingObject {
  @Field(() => ID) id: string;
  @Field() title: string;
  @Field() slug: string;
  @Field() category: string;
  @Field() type: string;
  @Field() description: string;
  @Field(() => String, { nullable: true }) excerpt: string | null;
  @Field(() => [MediaFileObject], { description: 'The first image is the cover.' }) images: MediaFileObject[];
  @Field(() => [String], { description: 'Embed links.' }) videos: string[];
  @Field(() => ID) userId: string;
  @Field(() => Float, { nullable: true, description: 'Null when price on asking (poa).' }) price: number | null;
  @Field() currency: string;
  @Field({ description: 'PENDING, APPROVED, DECLINED, EXPIRED, SOLD or CANCELED.' }) status: string;
  @Field({
    description: 'FREE (no charge), UNPAID (a paid package not paid yet: not searchable, not approvable) or PAID.',
  })
  paymentStatus: string;
  @Field(() => String, {
    nullable: true,
    description: 'Why staff declined it (only while DECLINED, which only the owner and staff can see).',
  })
  reviewReason: string | null;
  @Field(() => ListingAddressObject) address: ListingAddressObject;
  @Field({ description: 'PERSONAL or DEALER.' }) sellerType: string;
  @Field(() => Date, { nullable: true }) publishedAt: Date | null;
  @Field() poa: boolean;
  @Field() showBTCExchangeRate: boolean;
  @Field({ description: "Approximate Bitcoin equivalent, 4 decimals; '0.00' without a rate (or for POA)." }) btcPrice: string;
  @Field(() => GraphQLJSON) extraDetails: Record<string, unknown>;
  @Field(() => Int) weighting: number;
  @Field(() => Date, { nullable: true }) expiry: Date | null;
  @Field(() => ID) packageId: string;
  @Field(() => ID, { nullable: true }) groupId: string | null;
  @Field(() => Date) createdAt: Date;
  @Field(() => Date) updatedAt: Date;
}

@ObjectType('ListingSearchResult', CATALOGUE_TYPES)
export class ListingSearchResultObject {
  @Field(() => [ListingObject]) hits: ListingObject[];
  @Field(() => Int) nbHits: number;
  @Field(() => Int, { description: '1-based.' }) page: number;
  @Field(() => Int) nbPages: number;
  @Field(() => Int) hitsPerPage: number;

  @Field(() => [ListingSearchHighlightObject], {
    description: 'Hits whose title the query matched, in hits order (none without a query): the title with its matched words marked.',
  })
  highlights: ListingSearchHighlightObject[];
}

@ObjectType('ListingPropertyFieldOption', CATALOGUE_TYPES)
export class ListingFieldOptionObject {
  @Field(() => ID) id: string;
  @Field() name: string;
}

@ObjectType('ListingPropertyField', CATALOGUE_TYPES)
export class ListingPropertyFieldObject {
  @Field(() => ID) id: string;
  @Field() enabled: boolean;
  @Field() name: string;
  @Field() label: string;
  @Field({ description: 'TEXT, SELECT, NUMBER, FLOAT, MAKE, PRICE, BOOLEAN or RICH_TEXT (anything else: Undefined Type).' }) type: string;
  @Field(() => String, { nullable: true }) regex: string | null;
  @Field(() => String, { nullable: true }) regexMessage: string | null;
  @Field() required: boolean;
  @Field(() => Float, { nullable: true }) min: number | null;
  @Field(() => Float, { nullable: true }) max: number | null;
  @Field(() => Int, { nullable: true }) precision: number | null;
  @Field(() => String, { nullable: true }) tooltip: string | null;
  @Field(() => String, { nullable: true }) defaultValue: string | null;
  @Field(() => String, { nullable: true }) placeholder: string | null;
  @Field() disabled: boolean;
  @Field() hidden: boolean;
  @Field(() => [ListingFieldOptionObject]) options: ListingFieldOptionObject[];
  @Field(() => Int, { nullable: true }) size: number | null;
  @Field(() => String, { nullable: true }) icon: string | null;
  @Field(() => String, { nullable: true }) childName: string | null;
  @Field(() => Int) order: number;
}

@ObjectType('ListingType', CATALOGUE_TYPES)
export class ListingTypeObject {
  @Field() name: string;
  @Field() slug: string;
}

@ObjectType('ListingCategory', CATALOGUE_TYPES)
export class ListingCategoryObject {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field() slug: string;
  @Field(() => [ListingTypeObject]) types: ListingTypeObject[];
  @Field(() => [ListingPropertyFieldObject]) fields: ListingPropertyFieldObject[];
}

@InputType('ListingAddressInput', CATALOGUE_TYPES)
export class ListingAddressInput {
  @Field(() => String, { nullable: true }) country?: string | null;
  @Field(() => String, { nullable: true }) state?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
}

@InputType('ListingInput', CATALOGUE_TYPES)
export class ListingInput {
  @Field(() => String, { nullable: true }) title?: string | null;
  @Field(() => String, { nullable: true, description: 'Category slug.' }) category?: string | null;
  @Field(() => String, { nullable: true, description: 'Type slug within the category.' }) type?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) excerpt?: string | null;
  @Field(() => [ID], { nullable: true, description: 'Uploaded file ids, cover first.' }) images?: string[] | null;
  @Field(() => [String], { nullable: true }) videos?: string[] | null;
  @Field(() => Float, { nullable: true }) price?: number | null;
  @Field(() => Boolean, { nullable: true }) poa?: boolean | null;
  @Field(() => String, { nullable: true }) currency?: string | null;
  @Field(() => ListingAddressInput, { nullable: true }) address?: ListingAddressInput | null;
  @Field(() => String, { nullable: true }) sellerType?: string | null;
  @Field(() => Boolean, { nullable: true }) showBTCExchangeRate?: boolean | null;
  @Field(() => GraphQLJSON, { nullable: true }) extraDetails?: Record<string, unknown> | null;
  @Field(() => ID, { nullable: true, description: 'The LISTING pricing package (create only).' }) packageId?: string | null;
  @Field(() => String, { nullable: true, description: 'Owner on update: SOLD or CANCELED.' }) status?: string | null;
}

@InputType('ListingIdWhere', CATALOGUE_TYPES)
export class ListingIdWhere {
  @Field(() => ID) id: string;
}

@InputType('createListingInput', CATALOGUE_TYPES)
export class CreateListingInput {
  @Field(() => ListingInput) data: ListingInput;
}

@InputType('updateListingInput', CATALOGUE_TYPES)
export class UpdateListingInput {
  @Field(() => ListingIdWhere) where: ListingIdWhere;
  @Field(() => ListingInput) data: ListingInput;
}

@InputType('deleteListingInput', CATALOGUE_TYPES)
export class DeleteListingInput {
  @Field(() => ListingIdWhere) where: ListingIdWhere;
}

@ObjectType('createListingPayload', CATALOGUE_TYPES)
export class CreateListingPayload {
  @Field(() => ListingObject, { nullable: true }) listing: ListingObject | null;
}

@ObjectType('updateListingPayload', CATALOGUE_TYPES)
export class UpdateListingPayload {
  @Field(() => ListingObject, { nullable: true }) listing: ListingObject | null;
}

@ObjectType('deleteListingPayload', CATALOGUE_TYPES)
export class DeleteListingPayload {
  @Field(() => ListingObject, { nullable: true }) listing: ListingObject | null;
}

@InputType('ListingWhere', CATALOGUE_TYPES)
export class ListingWhereInput {
  @Field(() => String, { nullable: true }) category?: string | null;
  @Field(() => String, { nullable: true }) type?: string | null;
  @Field(() => ID, { nullable: true, description: 'Other listings by a user.' }) userId?: string | null;
  @Field(() => String, { nullable: true }) sellerType?: string | null;
  @Field(() => String, { nullable: true, description: 'Text in the title, description or details.' }) q?: string | null;
  @Field(() => Float, { nullable: true }) minPrice?: number | null;
  @Field(() => Float, { nullable: true }) maxPrice?: number | null;
  @Field(() => ID, { nullable: true }) groupId?: string | null;
}

@InputType('ListingGroupData', CATALOGUE_TYPES)
export class ListingGroupDataInput {
  @Field() name: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => [ID]) listings: string[];
}

@InputType('createListingGroupInput', CATALOGUE_TYPES)
export class CreateListingGroupInput {
  @Field(() => ListingGroupDataInput) data: ListingGroupDataInput;
}

@ObjectType('ListingGroup', CATALOGUE_TYPES)
export class ListingGroupObject {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => ID) userId: string;
  @Field(() => [ListingObject]) listings: ListingObject[];
}

@ObjectType('createListingGroupPayload', CATALOGUE_TYPES)
export class CreateListingGroupPayload {
  @Field(() => ListingGroupObject, { nullable: true }) listingGroup: ListingGroupObject | null;
}

@InputType('ListingGroupUpdateData', CATALOGUE_TYPES)
export class ListingGroupUpdateDataInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => [ID], { nullable: true, description: "The group's listings after the update (own listings only); omitted: unchanged." })
  listings?: string[] | null;
}

@InputType('updateListingGroupInput', CATALOGUE_TYPES)
export class UpdateListingGroupInput {
  @Field(() => ListingIdWhere) where: ListingIdWhere;
  @Field(() => ListingGroupUpdateDataInput) data: ListingGroupUpdateDataInput;
}

@InputType('deleteListingGroupInput', CATALOGUE_TYPES)
export class DeleteListingGroupInput {
  @Field(() => ListingIdWhere) where: ListingIdWhere;
}

@ObjectType('updateListingGroupPayload', CATALOGUE_TYPES)
export class UpdateListingGroupPayload {
  @Field(() => ListingGroupObject, { nullable: true }) listingGroup: ListingGroupObject | null;
}

@ObjectType('deleteListingGroupPayload', CATALOGUE_TYPES)
export class DeleteListingGroupPayload {
  @Field(() => ListingGroupObject, { nullable: true }) listingGroup: ListingGroupObject | null;
}
