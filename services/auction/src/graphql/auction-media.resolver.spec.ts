import { describe, expect, it } from 'vitest';
import { AuctionMediaResolver, fileReference } from './auction-media.resolver';
import type { AuctionObject } from './auction.object';

const A = '0F8FAD5B-D9CB-469F-A165-70867728950E';
const B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('lot image references', () => {
  it('references a stored file by id and the lot brand; malformed ids are null without asking the catalogue', () => {
    expect(fileReference(A, 'trackside')).toEqual({ id: A.toLowerCase(), brand: 'trackside' });
    expect(fileReference('../etc/passwd', 'trackside')).toBeNull();
    expect(fileReference(null, 'trackside')).toBeNull();
  });

  it('gives the cover, else the first exterior image, and each group in order', () => {
    const resolver = new AuctionMediaResolver();
    const lot = {
      brand: 'jewelry',
      coverImage: null,
      exterior: [B, 'bad'],
      interior: [A],
      mechanical: [],
      documents: [],
    } as unknown as AuctionObject;
    expect(resolver.coverImageFile(lot)).toEqual({ id: B, brand: 'jewelry' });
    expect(resolver.coverImageFile({ ...lot, coverImage: A })).toEqual({ id: A.toLowerCase(), brand: 'jewelry' });
    expect(resolver.coverImageFile({ ...lot, exterior: [] })).toBeNull();
    expect(resolver.exteriorFiles(lot)).toEqual([{ id: B, brand: 'jewelry' }, null]);
    expect(resolver.interiorFiles(lot)).toEqual([{ id: A.toLowerCase(), brand: 'jewelry' }]);
    expect(resolver.mechanicalFiles(lot)).toEqual([]);
    expect(resolver.documentsFiles(lot)).toEqual([]);
  });
});
