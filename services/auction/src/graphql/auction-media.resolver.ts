import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { AuctionObject } from './auction.object';
import { MediaFileReference } from './media-file-reference.object';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A reference the gateway resolves through the catalogue; ids that cannot be a stored file are null at once. */
export function fileReference(id: string | null | undefined, brand: string): MediaFileReference | null {
  return id && UUID.test(id) ? { id: id.toLowerCase(), brand } : null;
}

/**
 * The lot's images as files (url, formats) beside the id fields of the contract (coverImage,
 * exterior, interior, mechanical, documents stay as they are). One GraphQL query gives a page its
 * image URLs: the gateway fetches every referenced file from the catalogue in one `_entities` call.
 */
@Resolver(() => AuctionObject)
export class AuctionMediaResolver {
  @ResolveField(() => MediaFileReference, {
    nullable: true,
    description: 'The cover image, else the first exterior image (what a card shows); null when missing.',
  })
  coverImageFile(@Parent() auction: AuctionObject): MediaFileReference | null {
    return fileReference(auction.coverImage ?? auction.exterior[0] ?? null, auction.brand);
  }

  @ResolveField(() => [MediaFileReference], { nullable: 'items', description: 'The exterior images in order (null for a missing file).' })
  exteriorFiles(@Parent() auction: AuctionObject): Array<MediaFileReference | null> {
    return auction.exterior.map((id) => fileReference(id, auction.brand));
  }

  @ResolveField(() => [MediaFileReference], { nullable: 'items', description: 'The interior images in order (null for a missing file).' })
  interiorFiles(@Parent() auction: AuctionObject): Array<MediaFileReference | null> {
    return auction.interior.map((id) => fileReference(id, auction.brand));
  }

  @ResolveField(() => [MediaFileReference], { nullable: 'items', description: 'The mechanical images in order (null for a missing file).' })
  mechanicalFiles(@Parent() auction: AuctionObject): Array<MediaFileReference | null> {
    return auction.mechanical.map((id) => fileReference(id, auction.brand));
  }

  @ResolveField(() => [MediaFileReference], { nullable: 'items', description: 'The document images in order (null for a missing file).' })
  documentsFiles(@Parent() auction: AuctionObject): Array<MediaFileReference | null> {
    return auction.documents.map((id) => fileReference(id, auction.brand));
  }
}
