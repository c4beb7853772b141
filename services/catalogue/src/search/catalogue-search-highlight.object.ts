import { Field, ID, ObjectType } from '@nestjs/graphql';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';

/**
 * The highlights of directory and Paddock listings search (issue 22), additions to the contract named
 * like auction search's (`highlights { lotId title { text match } }`): docs/contract.md, docs/search.md.
 */
@ObjectType('CatalogueSearchHighlightSegment', CATALOGUE_TYPES)
export class CatalogueSearchHighlightSegmentObject {
  @Field(() => String) text: string;
  @Field(() => Boolean, { description: 'True for (part of) a word the query matched: show it marked.' }) match: boolean;
}

@ObjectType('DirectorySearchHighlight', CATALOGUE_TYPES)
export class DirectorySearchHighlightObject {
  // Not `id`: a client cache would merge one entry's highlights across different searches.
  @Field(() => ID, { description: 'The hit (Directory.id) this highlight belongs to.' }) directoryId: string;

  @Field(() => [CatalogueSearchHighlightSegmentObject], {
    description: 'The whole name in order, cut where matched words start and end. Plain text: render the segments, never as HTML.',
  })
  name: CatalogueSearchHighlightSegmentObject[];
}

@ObjectType('ListingSearchHighlight', CATALOGUE_TYPES)
export class ListingSearchHighlightObject {
  @Field(() => ID, { description: 'The hit (Listing.id) this highlight belongs to.' }) listingId: string;

  @Field(() => [CatalogueSearchHighlightSegmentObject], {
    description: 'The whole title in order, cut where matched words start and end. Plain text: render the segments, never as HTML.',
  })
  title: CatalogueSearchHighlightSegmentObject[];
}
