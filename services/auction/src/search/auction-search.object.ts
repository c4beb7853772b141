import { AUCTION_TYPES } from '../graphql/auction-graphql-types';
import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { AuctionObject } from '../graphql/auction.object';

@ObjectType('AuctionSearchFacetValue', AUCTION_TYPES)
export class AuctionSearchFacetValueObject {
  @Field(() => String) value: string;
  @Field(() => Int) count: number;
}

@ObjectType('AuctionSearchFacet', AUCTION_TYPES)
export class AuctionSearchFacetObject {
  @Field(() => String, {
    description: 'One of status, address.country, dataFields.make.value, dataFields.year.value, sellerType (spec 001 section 7).',
  })
  name: string;

  @Field(() => [AuctionSearchFacetValueObject], {
    description: 'Most frequent first. Counted with every other active filter applied but not this facet’s own.',
  })
  values: AuctionSearchFacetValueObject[];
}

@ObjectType('AuctionSearchHighlightSegment', AUCTION_TYPES)
export class AuctionSearchHighlightSegmentObject {
  @Field(() => String) text: string;
  @Field(() => Boolean, { description: 'True for (part of) a word the query matched: show it marked.' }) match: boolean;
}

@ObjectType('AuctionSearchHighlight', AUCTION_TYPES)
export class AuctionSearchHighlightObject {
  // Not `id`: a client cache would merge one lot's highlights across different searches.
  @Field(() => ID, { description: 'The hit (Auction.id) this highlight belongs to.' }) lotId: string;

  @Field(() => [AuctionSearchHighlightSegmentObject], {
    description: 'The whole title in order, cut where matched words start and end. Plain text: render the segments, never as HTML.',
  })
  title: AuctionSearchHighlightSegmentObject[];
}

@ObjectType('AuctionSearchResult', AUCTION_TYPES)
export class AuctionSearchResultObject {
  @Field(() => [AuctionObject]) hits: AuctionObject[];
  @Field(() => Int) nbHits: number;
  @Field(() => Int, { description: '1-based.' }) page: number;
  @Field(() => Int) nbPages: number;
  @Field(() => Int, { description: 'The brand’s displayLimit (default 15).' }) hitsPerPage: number;
  @Field(() => [AuctionSearchFacetObject]) facets: AuctionSearchFacetObject[];
  @Field(() => String, { description: 'The sort applied (endDate-asc when none was asked).' }) sortBy: string;
  @Field(() => GraphQLISODateTime) serverTime: Date;

  @Field(() => [AuctionSearchHighlightObject], {
    description: 'Hits whose title the query matched, in hits order (none without a query): the title with its matched words marked.',
  })
  highlights: AuctionSearchHighlightObject[];
}
