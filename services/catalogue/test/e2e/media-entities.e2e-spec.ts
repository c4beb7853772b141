import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LotCommandsService, type RunningAuctionService } from '@trackside/auction-service';
import type { RunningGateway } from '@trackside/gateway-service';
import { NO_PERMISSIONS } from '@trackside/platform';
import { PricingPackagesService } from '../../src/packages/pricing-packages.service';
import { CatalogueTestApp, type GqlResult, type TestUser } from '../support/catalogue-test-app';
import { startCatalogueGateway, startTestAuction } from '../support/federated-catalogue';

interface FileFields {
  id: string;
  url: string;
  formats: Record<string, { url: string; width: number; height: number }> | null;
}

const FILE = 'id url formats';
const LOT_MEDIA = `coverImage exterior interior
  coverImageFile { ${FILE} } exteriorFiles { ${FILE} } interiorFiles { ${FILE} } mechanicalFiles { id url } documentsFiles { id url }`;

/**
 * The catalogue's MediaFile as a federated entity: the auction subgraph's lot image fields return
 * references (id and the lot's brand) and the real gateway resolves their url and formats from the
 * catalogue in the same query. Unknown ids and another brand's files resolve to null (createAuction
 * refuses them since issue 18, L9; lots stored before that check may still hold them).
 */
describe('lot images resolved through the federated MediaFile entity (e2e, gateway, PostgreSQL)', () => {
  let catalogue: CatalogueTestApp;
  let auction: RunningAuctionService;
  let gateway: RunningGateway;
  let seller: TestUser;
  let jewelrySeller: TestUser;
  let packageId: string;

  beforeAll(async () => {
    catalogue = await CatalogueTestApp.create();
    auction = await startTestAuction(catalogue);
    gateway = await startCatalogueGateway(catalogue, auction);
    seller = catalogue.user();
    jewelrySeller = catalogue.user({ brand: 'jewelry' });
    // A real auction package of the brand: the catalogue announces it (PricingPackagePriced) and lots name it.
    const auctionPackage = await catalogue.service.app
      .get(PricingPackagesService)
      .create('trackside', { title: 'Auction', type: 'AUCTION', oneTimePayment: { enabled: true, price: 99 } });
    packageId = auctionPackage.id;
  });
  afterAll(async () => {
    await gateway?.close();
    await auction?.close();
    await catalogue?.close();
  });

  async function viaGateway<T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<GqlResult<T>> {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': user.brand, authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GqlResult<T>;
  }

  async function upload(user: TestUser, width: number, height: number): Promise<FileFields> {
    const png = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({ query: `mutation($file: Upload!) { upload(file: $file) { ${FILE} } }`, variables: { file: null } }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([new Uint8Array(png)]), 'photo.png');
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'x-brand': user.brand, authorization: `Bearer ${user.token}` },
      body: form,
    });
    const result = (await response.json()) as GqlResult<{ upload: FileFields }>;
    expect(result.errors).toBeUndefined();
    return result.data!.upload;
  }

  const lotInput = (images: Record<string, unknown>) => ({
    title: 'Porsche 911 Carrera RS',
    sellerType: 'Dealer',
    userDescription: 'Lightweight, matching numbers.',
    reserve: 0,
    currency: 'USD',
    address: { country: 'US' },
    contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
    hasAgreedToTerms: true,
    packageId,
    paymentType: 'ONE_TIME',
    ...images,
  });

  function createAuction(images: Record<string, unknown>): Promise<GqlResult<{ createAuction: { auction: { id: string } } }>> {
    return viaGateway(
      `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
      { data: lotInput(images) },
      seller,
    );
  }

  async function createLot(images: Record<string, unknown>): Promise<string> {
    const created = await createAuction(images);
    expect(created.errors).toBeUndefined();
    return created.data!.createAuction.auction.id;
  }

  /**
   * A lot whose images are not all the seller's uploads, as lots stored before createAuction checked
   * them (issue 18, L9) are: written through the auction's command service, as the demo seeding does.
   */
  async function storedBeforeTheCheck(images: Record<string, unknown>): Promise<string> {
    const actor = {
      id: seller.id,
      brand: seller.brand,
      email: 'sam@example.test',
      username: 'sam',
      confirmed: true,
      permissions: NO_PERMISSIONS,
    };
    return auction.app.get(LotCommandsService).createLot(lotInput(images) as never, { brand: seller.brand, actor });
  }

  interface LotMedia {
    coverImage: string | null;
    exterior: string[];
    interior: string[];
    coverImageFile: FileFields | null;
    exteriorFiles: Array<FileFields | null>;
    interiorFiles: Array<FileFields | null>;
    // Asked with url: a selection of only the key fields is answered by the auction subgraph alone.
    mechanicalFiles: Array<{ id: string; url: string } | null>;
    documentsFiles: Array<{ id: string; url: string } | null>;
  }

  async function lotMedia(id: string): Promise<LotMedia> {
    const result = await viaGateway<{ auction: LotMedia }>(`query($id: ID!) { auction(id: $id) { ${LOT_MEDIA} } }`, { id }, seller);
    expect(result.errors).toBeUndefined();
    return result.data!.auction;
  }

  it('gives each image its url and formats in one query; missing and other-brand ids are null; the id fields stay', async () => {
    const cover = await upload(seller, 640, 480);
    const second = await upload(seller, 200, 120);
    const foreign = await upload(jewelrySeller, 640, 480);
    const missing = randomUUID();
    expect(cover.formats?.thumbnail?.url).toBeTruthy();

    // createAuction takes only the seller's uploads (upload then create at once: read-your-writes).
    const refused = await createAuction({ exterior: [second.id, foreign.id, cover.id] });
    expect(refused.errors?.[0]?.message).toBe('Unknown image: upload it first');
    expect((await createAuction({ mechanical: [missing] })).errors?.[0]?.message).toBe('Unknown image: upload it first');

    const id = await storedBeforeTheCheck({
      exterior: [second.id, foreign.id, missing, cover.id],
      interior: [cover.id],
      mechanical: [missing],
      documents: [],
      coverImage: cover.id,
    });
    const lot = await lotMedia(id);
    // The contract's id fields are unchanged.
    expect(lot.coverImage).toBe(cover.id);
    expect(lot.exterior).toEqual([second.id, foreign.id, missing, cover.id]);
    // The files come from the catalogue, with the formats sharp made.
    expect(lot.coverImageFile).toEqual(cover);
    expect(lot.exteriorFiles).toEqual([second, null, null, cover]);
    expect(lot.interiorFiles).toEqual([cover]);
    expect(lot.mechanicalFiles).toEqual([null]);
    expect(lot.documentsFiles).toEqual([]);
    // A small original has no thumbnail: the web falls back to the original url.
    expect(second.formats?.thumbnail).toBeUndefined();
    // The url serves the stored image through the gateway.
    const served = await fetch(`${gateway.url}${lot.coverImageFile!.formats!.thumbnail!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('uses the first exterior image when there is no cover, and null when that is missing or foreign', async () => {
    const first = await upload(seller, 300, 200);
    const noCover = await lotMedia(await createLot({ exterior: [first.id], coverImage: null }));
    expect(noCover.coverImageFile).toEqual(first);

    const foreign = await upload(jewelrySeller, 300, 200);
    const foreignCover = await lotMedia(await storedBeforeTheCheck({ exterior: [foreign.id], coverImage: foreign.id }));
    expect(foreignCover.coverImageFile).toBeNull();
    expect(foreignCover.exteriorFiles).toEqual([null]);

    const none = await lotMedia(await createLot({ exterior: [], coverImage: null }));
    expect(none.coverImageFile).toBeNull();
  });

  it("shows a network-hosted lot's images on the host brand (the lot's brand owns them, not the viewer's)", async () => {
    const cover = await upload(seller, 300, 200);
    const id = await createLot({ exterior: [cover.id], coverImage: cover.id });
    const staff = catalogue.user({ permissions: { auctionEnabled: true } });
    const hostStaff = catalogue.user({ brand: 'jewelry', permissions: { auctionEnabled: true } });
    for (const [mutation, user] of [
      ['approveAuction(id: $id, confirmUnpaid: true)', staff],
      ['sendAuctionToNetwork(id: $id)', staff],
      ['acceptAuction(id: $id)', hostStaff],
    ] as const) {
      const result = await viaGateway(`mutation($id: ID!) { ${mutation} { id } }`, { id }, user);
      expect(result.errors, mutation).toBeUndefined();
    }
    const hosted = await viaGateway<{ auction: LotMedia }>(`query($id: ID!) { auction(id: $id) { ${LOT_MEDIA} } }`, { id }, hostStaff);
    expect(hosted.errors).toBeUndefined();
    expect(hosted.data!.auction.coverImageFile).toEqual(cover);
    expect(hosted.data!.auction.exteriorFiles).toEqual([cover]);
  });
});
