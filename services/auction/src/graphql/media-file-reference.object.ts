import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';
import { AUCTION_TYPES } from './auction-graphql-types';

/**
 * An uploaded file owned by the catalogue subgraph; this subgraph only knows its id and the brand
 * that owns it (the lot's brand). The gateway resolves url, formats, name... from the catalogue,
 * which answers null for an unknown id or another brand's file.
 */
@ObjectType('MediaFile', AUCTION_TYPES)
@Directive('@key(fields: "id brand", resolvable: false)')
export class MediaFileReference {
  @Field(() => ID) id: string;
  @Field(() => String, { nullable: true }) brand: string | null;
}
