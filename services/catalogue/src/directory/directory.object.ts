import { Directive, Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-type-json';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';
import { DirectorySearchHighlightObject } from '../search/catalogue-search-highlight.object';

/**
 * An uploaded file. A federated entity keyed by id and the owning brand: other subgraphs (the
 * auction's image groups) reference files by id and the gateway asks the catalogue for the rest.
 */
@ObjectType('MediaFile', CATALOGUE_TYPES)
@Directive('@key(fields: "id brand")')
export class MediaFileObject {
  @Field(() => ID) id: string;
  @Field(() => String, { nullable: true, description: 'The brand that owns the file (set on uploads and entity lookups).' })
  brand?: string | null;
  @Field() url: string;
  @Field(() => String, { nullable: true }) name: string | null;
  @Field(() => String, { nullable: true }) mime: string | null;
  @Field(() => String, { nullable: true }) alternativeText: string | null;
  @Field(() => String, { nullable: true }) caption: string | null;
  @Field(() => GraphQLJSON, {
    nullable: true,
    description: 'thumbnail, small, medium, large: { url, width, height, size, mime, ext, name }.',
  })
  formats: Record<string, unknown> | null;
}

@ObjectType('DirectorySocialLinks', CATALOGUE_TYPES)
export class DirectorySocialLinksObject {
  @Field(() => String, { nullable: true }) facebook: string | null;
  @Field(() => String, { nullable: true }) instagram: string | null;
  @Field(() => String, { nullable: true }) youtube: string | null;
  @Field(() => String, { nullable: true }) linkedin: string | null;
  @Field(() => String, { nullable: true }) twitter: string | null;
}

@ObjectType('DirectoryHoursOfOperation', CATALOGUE_TYPES)
export class HoursOfOperationObject {
  @Field(() => String, { nullable: true }) Su: string | null;
  @Field(() => String, { nullable: true }) Mo: string | null;
  @Field(() => String, { nullable: true }) Tu: string | null;
  @Field(() => String, { nullable: true }) We: string | null;
  @Field(() => String, { nullable: true }) Th: string | null;
  @Field(() => String, { nullable: true }) Fr: string | null;
  @Field(() => String, { nullable: true }) Sa: string | null;
}

@ObjectType('Directory', CATALOGUE_TYPES)
export class DirectoryObject {
  @Field(() => ID) id: string;
  @Field({ description: 'pending, approved or declined.' }) status: string;
  @Field() featured: boolean;
  @Field() name: string;
  @Field() category: string;
  @Field() addressCountry: string;
  @Field() addressState: string;
  @Field() addressCity: string;
  @Field(() => String, { nullable: true }) addressPostal: string | null;
  @Field(() => String, { nullable: true }) addressStreet1: string | null;
  @Field(() => String, { nullable: true }) addressStreet2: string | null;
  @Field(() => HoursOfOperationObject, { nullable: true }) hoursOfOperation: HoursOfOperationObject | null;
  @Field(() => String, { nullable: true }) website: string | null;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field(() => String, { nullable: true }) email: string | null;
  @Field(() => [String]) keywords: string[];
  @Field(() => DirectorySocialLinksObject, { nullable: true, description: 'Featured entries with an active subscription (and the owner).' })
  socialLinks: DirectorySocialLinksObject | null;
  @Field(() => String, { nullable: true, description: 'Embed form of the video link.' }) videoURL: string | null;
  @Field(() => MediaFileObject, { nullable: true }) image: MediaFileObject | null;
  @Field() activeSubscription: boolean;
  @Field(() => Date, {
    nullable: true,
    description: 'Owner and staff: when the paid MONTHLY / YEARLY period ends (the plan renews or ends then); null without one.',
  })
  subscriptionPeriodEnd: Date | null;
  @Field({ description: 'Owner and staff: the owner cancelled; the plan stays active until subscriptionPeriodEnd, then ends.' })
  subscriptionCancelAtPeriodEnd: boolean;
  @Field({ description: 'Owner and staff: a renewal payment failed; the plan stays active until subscriptionPeriodEnd unless paid.' })
  subscriptionPastDue: boolean;
  @Field(() => ID, { nullable: true }) userId: string | null;
  @Field(() => ID, { nullable: true }) packageId: string | null;
  @Field(() => String, { nullable: true, description: 'Staff only: the key a business claims this entry with.' }) claimKey: string | null;
  @Field(() => String, { nullable: true, description: 'Owner and staff: why staff declined it (or declined its last change).' })
  reviewReason: string | null;
  @Field({
    description:
      'Owner and staff: a material change to this approved entry awaits staff review; the approved version stays public until then.',
  })
  changesAwaitingReview: boolean;
  @Field(() => GraphQLJSON, {
    nullable: true,
    description:
      'Owner and staff: the changed fields awaiting review (name, keywords, website, socialLinks, videoURL, image), with requestedAt.',
  })
  pendingChanges: Record<string, unknown> | null;
  @Field(() => Date) createdAt: Date;
  @Field(() => Date) updatedAt: Date;
}

@InputType('DirectorySocialLinksInput', CATALOGUE_TYPES)
export class DirectorySocialLinksInput {
  @Field(() => String, { nullable: true }) facebook?: string | null;
  @Field(() => String, { nullable: true }) instagram?: string | null;
  @Field(() => String, { nullable: true }) youtube?: string | null;
  @Field(() => String, { nullable: true }) linkedin?: string | null;
  @Field(() => String, { nullable: true }) twitter?: string | null;
}

@InputType('DirectoryInput', CATALOGUE_TYPES)
export class DirectoryInput {
  @Field(() => ID, { nullable: true, description: 'updateDirectory: the entry (or input.where.id).' }) id?: string | null;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) category?: string | null;
  @Field(() => String, { nullable: true }) addressCountry?: string | null;
  @Field(() => String, { nullable: true }) addressState?: string | null;
  @Field(() => String, { nullable: true }) addressCity?: string | null;
  @Field(() => String, { nullable: true }) addressPostal?: string | null;
  @Field(() => String, { nullable: true }) addressStreet1?: string | null;
  @Field(() => String, { nullable: true }) addressStreet2?: string | null;
  @Field(() => GraphQLJSON, { nullable: true, description: 'Keys Su, Mo, Tu, We, Th, Fr, Sa: a text range, or null when closed.' })
  hoursOfOperation?: unknown;
  @Field(() => String, { nullable: true }) website?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => [String], { nullable: true, description: 'A list, or comma-separated text in one item.' }) keywords?: string[] | null;
  @Field(() => DirectorySocialLinksInput, { nullable: true }) socialLinks?: DirectorySocialLinksInput | null;
  @Field(() => String, { nullable: true }) videoURL?: string | null;
  @Field(() => ID, { nullable: true, description: 'An uploaded file id (upload / multipleUpload).' }) image?: string | null;
  @Field(() => Boolean, { nullable: true }) featured?: boolean | null;
  @Field(() => ID, { nullable: true, description: 'The directory plan (a DIRECTORY pricing package); its featured flag wins.' })
  packageId?: string | null;
  @Field(() => ID, { nullable: true, description: 'The owner: must be the signed-in user.' }) userId?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Agreement to the terms: required to create.' }) tos?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Staff only: create without owner, with a claim key.' }) claimable?: boolean | null;
}

@InputType('DirectoryIdWhere', CATALOGUE_TYPES)
export class DirectoryIdWhere {
  @Field(() => ID) id: string;
}

@InputType('createDirectoryInput', CATALOGUE_TYPES)
export class CreateDirectoryInput {
  @Field(() => DirectoryInput) data: DirectoryInput;
}

@InputType('updateDirectoryInput', CATALOGUE_TYPES)
export class UpdateDirectoryInput {
  @Field(() => DirectoryIdWhere, { nullable: true }) where?: DirectoryIdWhere | null;
  @Field(() => DirectoryInput) data: DirectoryInput;
}

@ObjectType('createDirectoryPayload', CATALOGUE_TYPES)
export class CreateDirectoryPayload {
  @Field(() => DirectoryObject, { nullable: true }) directory: DirectoryObject | null;
}

@ObjectType('updateDirectoryPayload', CATALOGUE_TYPES)
export class UpdateDirectoryPayload {
  @Field(() => DirectoryObject, { nullable: true }) directory: DirectoryObject | null;
}

@InputType('DirectoryWhere', CATALOGUE_TYPES)
export class DirectoryWhereInput {
  @Field(() => ID, { nullable: true, description: 'Directories by owner.' }) userId?: string | null;
  @Field(() => [ID], { nullable: true, description: 'Directories by id list.' }) id_in?: string[] | null;
  @Field(() => String, { nullable: true, description: 'Owner and staff only; visitors get approved entries.' }) status?: string | null;
  @Field(() => String, { nullable: true }) category?: string | null;
  @Field(() => Boolean, { nullable: true }) featured?: boolean | null;
}

@ObjectType('DirectoryBookmark', CATALOGUE_TYPES)
export class DirectoryBookmarkObject {
  @Field(() => ID) id: string;
  @Field(() => ID) directoryId: string;
  @Field(() => ID) userId: string;
  @Field() brand: string;
  @Field(() => DirectoryObject, { nullable: true }) directory: DirectoryObject | null;
}

@ObjectType('DirectorySearchSet', CATALOGUE_TYPES)
export class DirectorySearchSetObject {
  @Field(() => [DirectoryObject]) hits: DirectoryObject[];
  @Field(() => Int) nbHits: number;
  @Field(() => Int, { description: '1-based.' }) page: number;
  @Field(() => Int) nbPages: number;
  @Field(() => Int) hitsPerPage: number;

  @Field(() => [DirectorySearchHighlightObject], {
    description: 'Hits whose name the query matched, in hits order (none without a query): the name with its matched words marked.',
  })
  highlights: DirectorySearchHighlightObject[];
}

@ObjectType('DirectorySearchResult', CATALOGUE_TYPES)
export class DirectorySearchResultObject {
  @Field(() => DirectorySearchSetObject, { description: 'Featured entries with an active subscription, 4 per page.' })
  featured: DirectorySearchSetObject;
  @Field(() => DirectorySearchSetObject, { description: 'Every other approved entry, 8 per page.' }) regular: DirectorySearchSetObject;
}

@ObjectType('DirectoryReviewPayload', CATALOGUE_TYPES)
export class DirectoryReviewPayload {
  @Field(() => DirectoryObject) directory: DirectoryObject;
}
