import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAuctionService } from '@trackside/auction-service';
import type { RunningGateway } from '@trackside/gateway-service';
import { eventually } from '@trackside/testing';
import { CatalogueTestApp, type GqlResult } from '../support/catalogue-test-app';
import { startCatalogueGateway, startTestAuction } from '../support/federated-catalogue';

/**
 * The catalogue subgraph composed with the auction subgraph by the real gateway (both in this
 * process, each with its own schema), and the catalogue's REST paths routed by the gateway.
 */
describe('catalogue in the federated graph (e2e, gateway, PostgreSQL)', () => {
  let catalogue: CatalogueTestApp;
  let auction: RunningAuctionService;
  let gateway: RunningGateway;

  beforeAll(async () => {
    catalogue = await CatalogueTestApp.create();
    auction = await startTestAuction(catalogue);
    gateway = await startCatalogueGateway(catalogue, auction);
  });
  afterAll(async () => {
    await gateway?.close();
    await auction?.close();
    await catalogue?.close();
  });

  async function viaGateway<T>(query: string, brand = 'trackside'): Promise<GqlResult<T>> {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': brand },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as GqlResult<T>;
  }

  it('answers catalogue and auction fields in one request', async () => {
    const result = await viaGateway<{
      configurationByBrand: { brand: string; companyName: string; wording: { paddock: string } };
      universals: { listingPageSize: number };
      auctionsByBrandAndStatus: { count: number };
    }>(
      `{ configurationByBrand { brand companyName wording { paddock } } universals { listingPageSize } auctionsByBrandAndStatus(status: [LIVE]) { count } }`,
      'jewelry',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.configurationByBrand).toEqual({ brand: 'jewelry', companyName: 'Trackside Jewelry', wording: { paddock: 'Shop' } });
    expect(result.data!.universals.listingPageSize).toBe(9);
    expect(result.data!.auctionsByBrandAndStatus.count).toBe(0);
  });

  it("moves the auction service's brand settings when staff change the auction configuration", async () => {
    const hitsPerPage = async (brand: string): Promise<number> => {
      const result = await viaGateway<{ auctionSearch: { hitsPerPage: number } }>(`{ auctionSearch { hitsPerPage } }`, brand);
      expect(result.errors).toBeUndefined();
      return result.data!.auctionSearch.hitsPerPage;
    };
    expect(await hitsPerPage('trackside')).toBe(15);
    const staff = catalogue.user({ permissions: { auctionEnabled: true } });
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'trackside', authorization: `Bearer ${staff.token}` },
      body: JSON.stringify({
        query: `mutation { updateConfigurationByBrand(input: { data: { auctionConfiguration: { displayLimit: 24 } } }) { auctionConfiguration { displayLimit } } }`,
      }),
    });
    expect(((await response.json()) as GqlResult).errors).toBeUndefined();
    // The auction service follows BrandAuctionConfigured from the event store: give it a moment.
    await eventually(async () => expect(await hitsPerPage('trackside')).toBe(24), { timeoutMs: 5000, intervalMs: 50 });
    expect(await hitsPerPage('jewelry')).toBe(15);

    // A restarted auction service reads the brand's settings from the log before it answers.
    await auction.close();
    auction = await startTestAuction(catalogue, auction.port);
    expect(await hitsPerPage('trackside')).toBe(24);
  });

  it('routes the directory REST paths to the catalogue', async () => {
    const visitor = await fetch(`${gateway.url}/directories/claim/no-such-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'trackside' },
      body: JSON.stringify({ brand: 'trackside' }),
    });
    // The catalogue's own answers (a visitor is refused, an unknown key is not valid), not the gateway's 404.
    expect(visitor.status).toBe(403);
    expect(await visitor.json()).toMatchObject({ code: 'FORBIDDEN' });
    const user = catalogue.user();
    const unknown = await fetch(`${gateway.url}/directories/claim/no-such-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'trackside', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ brand: 'trackside' }),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      message: 'The provided key is not valid. Perhaps you have already claimed ownership of this directory.',
    });
  });

  it('carries GraphQL multipart uploads to the catalogue and serves the stored files', async () => {
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const user = catalogue.user();
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({ query: 'mutation($file: Upload!) { upload(file: $file) { id url formats } }', variables: { file: null } }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([new Uint8Array(png)]), 'through-gateway.png');
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'x-brand': 'trackside', authorization: `Bearer ${user.token}` },
      body: form,
    });
    const result = (await response.json()) as GqlResult<{ upload: { id: string; url: string } }>;
    expect(result.errors).toBeUndefined();
    const stored = await fetch(`${gateway.url}${result.data!.upload.url}`);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await stored.arrayBuffer()).equals(png)).toBe(true);
  });
});
