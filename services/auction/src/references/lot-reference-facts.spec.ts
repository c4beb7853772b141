import { describe, expect, it } from 'vitest';
import { isAuctionPackage, isSellersUpload, packageFactOf, uploadFactOf } from './lot-reference-facts';

const SELLER = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const UPLOAD = 'A1B2C3D4-E5F6-4a7b-8c9d-0e1f2a3b4c5d';

describe('lot reference facts', () => {
  it("reads an UploadStored event, lower-casing ids; only the uploader's own upload to the brand counts", () => {
    const fact = uploadFactOf({ type: 'UploadStored', data: { uploadId: UPLOAD, brand: 'trackside', userId: SELLER }, metadata: {} });
    expect(fact).toEqual({ uploadId: UPLOAD.toLowerCase(), brand: 'trackside', userId: SELLER });
    expect(isSellersUpload(fact, 'trackside', SELLER.toUpperCase())).toBe(true);
    expect(isSellersUpload(fact, 'jewelry', SELLER)).toBe(false);
    expect(isSellersUpload(fact, 'trackside', '00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(isSellersUpload(null, 'trackside', SELLER)).toBe(false);
  });

  it('skips malformed upload events and treats a file without an uploader as nobody’s', () => {
    expect(
      uploadFactOf({ type: 'UploadStored', data: { uploadId: 'not-a-uuid', brand: 'trackside', userId: SELLER }, metadata: {} }),
    ).toBeNull();
    expect(uploadFactOf({ type: 'UploadStored', data: { uploadId: UPLOAD }, metadata: {} })).toBeNull();
    expect(uploadFactOf({ type: 'Other', data: { uploadId: UPLOAD, brand: 'trackside' }, metadata: {} })).toBeNull();
    const orphan = uploadFactOf({ type: 'UploadStored', data: { uploadId: UPLOAD, userId: null }, metadata: { brand: 'trackside' } });
    expect(orphan).toMatchObject({ brand: 'trackside', userId: null });
    expect(isSellersUpload(orphan, 'trackside', SELLER)).toBe(false);
  });

  it("reads PricingPackagePriced; only the brand's enabled AUCTION package counts (no flag reads as enabled)", () => {
    const priced = (data: Record<string, unknown>) => packageFactOf({ type: 'PricingPackagePriced', data, metadata: {} });
    expect(isAuctionPackage(priced({ packageId: 'p', brand: 'trackside', type: 'AUCTION', enabled: true }), 'trackside')).toBe(true);
    expect(isAuctionPackage(priced({ packageId: 'p', brand: 'trackside', type: 'AUCTION' }), 'trackside')).toBe(true);
    expect(isAuctionPackage(priced({ packageId: 'p', brand: 'trackside', type: 'AUCTION', enabled: false }), 'trackside')).toBe(false);
    expect(isAuctionPackage(priced({ packageId: 'p', brand: 'trackside', type: 'LISTING', enabled: true }), 'trackside')).toBe(false);
    expect(isAuctionPackage(priced({ packageId: 'p', brand: 'jewelry', type: 'AUCTION', enabled: true }), 'trackside')).toBe(false);
    expect(priced({ brand: 'trackside', type: 'AUCTION' })).toBeNull();
  });
});
