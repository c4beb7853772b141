import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_EVENTS, BRAND_PAYMENT_EVENTS, brandStreamId } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import pg from 'pg';
import { CatalogueTestApp, dataOf, errorCode, errorMessage } from '../support/catalogue-test-app';

const CONFIGURATION = `query($brand: String) { configurationByBrand(brand: $brand) {
  id brand rootUrl companyName homePage isFloatingSellButtonDisabled isFeaturedCarouselDisabled
  headerNav { active title url } modules { name active url }
  businessHours { timezone weekdays weekend }
  socialConfiguration { facebook instagram linkedin twitter youtube }
  contactUsConfiguration { email phoneNumber address }
  emailNotificationConfiguration { adminEmail salesEmail daysBeforeExpiry emailExpiryOffset }
  announcement { title subtitle link image daysToLive secondsBeforeBannerShows }
  paddockConfiguration { numberOfHits homepageBanner }
  heatmap { title description image }
  auctionConfiguration { host sniperProtectionTime displayLimit dateRangeLimit bidMinimumIncrement infographic information reserveMeter { enabled fillColor pdfGuide } bidHoldRequired bidHoldAmount }
  directory { active describes content } menuItems { title url }
  wording { brandName vehicle vehicles paddock sellButton replacements { from to } }
  theme { darkMode headerVariation footerVariation loginVariation soldSectionVariation headerPosition headerHeight logoHeight primaryColor secondaryColor success warning info error primaryFont secondaryFont primaryFontFamily secondaryFontFamily defaultImage headerLogo }
} }`;

const UPDATE = `mutation($data: JSON!) { updateConfigurationByBrand(input: { data: $data }) {
  companyName homePage theme { primaryColor headerVariation primaryFont } auctionConfiguration { sniperProtectionTime bidMinimumIncrement bidHoldRequired bidHoldAmount }
} }`;

interface Configuration {
  [key: string]: unknown;
  brand: string;
  companyName: string;
  theme: Record<string, unknown>;
  auctionConfiguration: Record<string, unknown>;
  wording: Record<string, unknown>;
}

describe('brand configuration (e2e, GraphQL, PostgreSQL)', () => {
  let app: CatalogueTestApp;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function configuration(brand: string): Promise<Configuration> {
    return dataOf(await app.gql<{ configurationByBrand: Configuration }>(CONFIGURATION, { brand }, { brand })).configurationByBrand;
  }

  it("serves every field with the spec's defaults for a brand nobody configured", async () => {
    const config = await configuration('fresh-brand');
    expect(config).toMatchObject({
      brand: 'fresh-brand',
      companyName: 'Fresh Brand',
      homePage: null,
      isFloatingSellButtonDisabled: false,
      headerNav: [
        { active: true, title: 'Paddock', url: '/paddock' },
        { active: true, title: 'Media', url: '/media' },
        { active: true, title: 'Directory', url: '/directory' },
      ],
      businessHours: { timezone: 'America/Los_Angeles', weekdays: '9AM - 5PM', weekend: 'Closed' },
      emailNotificationConfiguration: { daysBeforeExpiry: 7, emailExpiryOffset: 2 },
      announcement: null,
      paddockConfiguration: { numberOfHits: 32, homepageBanner: null },
      auctionConfiguration: {
        sniperProtectionTime: 120,
        displayLimit: 15,
        dateRangeLimit: 7,
        bidMinimumIncrement: 1,
        reserveMeter: { enabled: true, fillColor: 'green', pdfGuide: null },
        bidHoldRequired: false,
        bidHoldAmount: 100,
      },
      wording: { vehicle: 'vehicle', paddock: 'Paddock', replacements: [] },
      theme: {
        darkMode: false,
        headerVariation: 'ORIGINAL',
        footerVariation: 'ORIGINAL',
        loginVariation: 'ORIGINAL',
        soldSectionVariation: 'ORIGINAL',
        headerPosition: 'FIXED',
        primaryFont: 'Montserrat',
        secondaryFont: 'Avenir',
        primaryFontFamily: 'Montserrat, Avenir, Roboto, "Helvetica Neue", Arial, sans-serif',
      },
    });
    expect((config.modules as Array<{ name: string }>).map((module) => module.name)).toEqual([
      'paddock',
      'shop',
      'media',
      'directory',
      'auction',
    ]);
  });

  it("serves the jewelry brand's wording, modules and theme, and the marketplace's own", async () => {
    const jewelry = await configuration('jewelry');
    expect(jewelry.companyName).toBe('Trackside Jewelry');
    expect(jewelry.wording).toMatchObject({
      brandName: 'Trackside Jewelry',
      vehicle: 'jewelry',
      paddock: 'Shop',
      sellButton: 'Sell My Jewelry',
    });
    expect(jewelry.wording.replacements).toEqual(
      expect.arrayContaining([
        { from: 'vehicle', to: 'jewelry' },
        { from: 'Paddock', to: 'Shop' },
        { from: 'Trackside', to: 'Trackside Jewelry' },
      ]),
    );
    expect(jewelry.modules).toEqual(
      expect.arrayContaining([
        { name: 'shop', active: true, url: '/shop' },
        { name: 'paddock', active: false, url: '/paddock' },
      ]),
    );
    expect(jewelry.theme).toMatchObject({ primaryColor: '#8A6D0B', primaryFont: 'Roboto', headerVariation: 'SIMPLE' });

    const trackside = await configuration('trackside');
    expect(trackside.wording).toMatchObject({ brandName: 'Trackside', vehicle: 'vehicle', paddock: 'Paddock' });
    expect(trackside.announcement).toMatchObject({
      title: 'Monterey week auctions are live',
      image: '/images/announcement-default.png',
      secondsBeforeBannerShows: 3,
    });
  });

  it("refuses another brand's configuration through this brand's request", async () => {
    const result = await app.gql(CONFIGURATION, { brand: 'jewelry' }, { brand: 'trackside' });
    expect(errorCode(result)).toBe('FORBIDDEN');
  });

  it('lets each staff flag edit only its own part', async () => {
    const theme = app.user({ permissions: { websiteTheme: true } });
    const homepage = app.user({ permissions: { manageHomepage: true } });
    const website = app.user({ permissions: { websiteEnabled: true } });
    const nobody = app.user();

    expect(errorCode(await app.gql(UPDATE, { data: { companyName: 'X' } }, { token: nobody.token }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(UPDATE, { data: { companyName: 'X' } }, { token: theme.token }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(UPDATE, { data: { theme: { primaryColor: '#00FF00' } } }, { token: website.token }))).toBe('FORBIDDEN');
    // Nothing of a mixed edit is saved when one part is not allowed.
    expect(errorCode(await app.gql(UPDATE, { data: { homePage: '/media', companyName: 'Y' } }, { token: homepage.token }))).toBe(
      'FORBIDDEN',
    );
    expect((await configuration('trackside')).homePage).toBeNull();

    const themed = await app.gql<{ updateConfigurationByBrand: { theme: { primaryColor: string; headerVariation: string } } }>(
      UPDATE,
      { data: { theme: { primaryColor: '#00ff00', headerVariation: 'FILLED_PRIMARY' } } },
      { token: theme.token },
    );
    expect(dataOf(themed).updateConfigurationByBrand.theme).toMatchObject({ primaryColor: '#00ff00', headerVariation: 'FILLED_PRIMARY' });
    expect(dataOf(await app.gql(UPDATE, { data: { homePage: '/auction' } }, { token: homepage.token }))).toBeTruthy();
    expect(dataOf(await app.gql(UPDATE, { data: { companyName: 'Trackside Motors' } }, { token: website.token }))).toBeTruthy();

    const after = await configuration('trackside');
    expect(after).toMatchObject({
      companyName: 'Trackside Motors',
      homePage: '/auction',
      theme: { primaryColor: '#00ff00', secondaryColor: '#1F1F1F' },
    });
  });

  it('refuses theme colours that are not hex, and unknown fields, saving nothing', async () => {
    const staff = app.user({ permissions: { superAdmin: true } });
    const bad = await app.gql(UPDATE, { data: { companyName: 'Never', theme: { primaryColor: 'red' } } }, { token: staff.token });
    expect(errorCode(bad)).toBe('brand.theme.color.invalid');
    expect(errorMessage(bad)).toBe('Theme colours must be hex, such as #FF0000.');
    expect(errorCode(await app.gql(UPDATE, { data: { theme: { error: '#12345' } } }, { token: staff.token }))).toBe(
      'brand.theme.color.invalid',
    );
    expect(errorCode(await app.gql(UPDATE, { data: { theme: { headerVariation: 'LOUD' } } }, { token: staff.token }))).toBe(
      'catalogue.validation',
    );
    expect(errorCode(await app.gql(UPDATE, { data: { colour: '#FFFFFF' } }, { token: staff.token }))).toBe('catalogue.validation');
    expect(
      errorCode(await app.gql(UPDATE, { data: { auctionConfiguration: { bidMinimumIncrement: 1.005 } } }, { token: staff.token })),
    ).toBe('catalogue.validation');
    expect((await configuration('trackside')).companyName).not.toBe('Never');
  });

  it('keeps brands apart: a staff token of one brand cannot edit another', async () => {
    const jewelryStaff = app.user({ brand: 'jewelry', permissions: { superAdmin: true } });
    // The token's brand is not the request's brand: refused as an invalid token.
    const result = await app.gql(UPDATE, { data: { companyName: 'Hijacked' } }, { token: jewelryStaff.token, brand: 'trackside' });
    expect(result.errors).toBeDefined();
    expect((await configuration('trackside')).companyName).not.toBe('Hijacked');
  });

  it('publishes the auction configuration as BrandAuctionConfigured, in cents, only when it changes', async () => {
    const staff = app.user({ permissions: { auctionEnabled: true } });
    const updated = await app.gql<{ updateConfigurationByBrand: { auctionConfiguration: Record<string, unknown> } }>(
      UPDATE,
      {
        data: { auctionConfiguration: { sniperProtectionTime: 300, bidMinimumIncrement: 25.5, bidHoldRequired: true, bidHoldAmount: 500 } },
      },
      { token: staff.token },
    );
    expect(dataOf(updated).updateConfigurationByBrand.auctionConfiguration).toEqual({
      sniperProtectionTime: 300,
      bidMinimumIncrement: 25.5,
      bidHoldRequired: true,
      bidHoldAmount: 500,
    });
    // Saving the same values again publishes nothing new.
    await app.gql(UPDATE, { data: { auctionConfiguration: { sniperProtectionTime: 300 } } }, { token: staff.token });

    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    try {
      const events = await new PostgresEventStore(pool).readStream(brandStreamId('trackside'));
      const configured = events.filter((event) => event.type === BRAND_EVENTS.auctionConfigured);
      expect(configured).toHaveLength(1);
      expect(configured[0]!.data).toEqual({
        brand: 'trackside',
        sniperProtectionSeconds: 300,
        displayLimit: 15,
        dateRangeLimitDays: 7,
        bidMinimumIncrementCents: 2550,
        reserveMeterEnabled: true,
        reserveMeterFillColor: 'green',
        bidHoldRequired: true,
        bidHoldAmountCents: 50_000,
      });
      expect(configured[0]!.metadata).toMatchObject({ brand: 'trackside', actorId: staff.id });
    } finally {
      await pool.end();
    }
  });

  it('serves FAQs keyed by every page section, editable by staff', async () => {
    const FAQS = `query { faqsByBrand { brand home { question answer } media { question } paddock { question } simracing { question } directory { question } auction { question } sellMyCar { question answer } } }`;
    const jewelry = dataOf(
      await app.gql<{ faqsByBrand: Record<string, Array<{ question: string; answer?: string }>> }>(FAQS, {}, { brand: 'jewelry' }),
    ).faqsByBrand;
    for (const section of ['home', 'media', 'paddock', 'simracing', 'directory', 'auction', 'sellMyCar'])
      expect(jewelry[section]!.length).toBeGreaterThan(0);
    expect(jewelry.sellMyCar![0]!.question).toBe('How do I sell my jewelry?');

    const staff = app.user({ brand: 'jewelry', permissions: { websiteEnabled: true } });
    const REPLACE = `mutation($data: JSON!) { updateFaqsByBrand(input: { data: $data }) { simracing { question answer } } }`;
    const replaced = await app.gql<{ updateFaqsByBrand: { simracing: unknown[] } }>(
      REPLACE,
      { data: { section: 'simracing', faqs: [{ question: ' Which rigs? ', answer: 'Direct drive.' }] } },
      { token: staff.token, brand: 'jewelry' },
    );
    expect(dataOf(replaced).updateFaqsByBrand.simracing).toEqual([{ question: 'Which rigs?', answer: 'Direct drive.' }]);
    expect(errorCode(await app.gql(REPLACE, { data: { section: 'garage', faqs: [] } }, { token: staff.token, brand: 'jewelry' }))).toBe(
      'catalogue.validation',
    );
    expect(
      errorCode(
        await app.gql(REPLACE, { data: { section: 'home', faqs: [] } }, { token: app.user({ brand: 'jewelry' }).token, brand: 'jewelry' }),
      ),
    ).toBe('FORBIDDEN');
  });

  it('serves the about-us page, the payment configuration and the universals', async () => {
    const about = dataOf(
      await app.gql<{ aboutUsByBrand: { title: string; content: string } }>(
        `{ aboutUsByBrand { title content } }`,
        {},
        { brand: 'jewelry' },
      ),
    );
    expect(about.aboutUsByBrand.title).toBe('About Trackside Jewelry');
    expect(about.aboutUsByBrand.content).toContain('jewelry');

    const payment = dataOf(
      await app.gql<{ paymentConfigurationByBrand: Array<Record<string, unknown>> }>(
        `{ paymentConfigurationByBrand { brand provider active stripePublishableKey } }`,
      ),
    );
    expect(payment.paymentConfigurationByBrand).toEqual([
      { brand: 'trackside', provider: 'STRIPE', active: true, stripePublishableKey: 'pk_test_demo' },
    ]);
    const unconfigured = dataOf(
      await app.gql<{ paymentConfigurationByBrand: Array<Record<string, unknown>> }>(
        `{ paymentConfigurationByBrand { provider active } }`,
        {},
        { brand: 'other' },
      ),
    );
    expect(unconfigured.paymentConfigurationByBrand).toEqual([{ provider: 'SQUARE', active: true }]);

    const universals = dataOf(
      await app.gql<{ universals: Record<string, unknown> }>(
        `{ universals { fontChoices themeVariations faqSections directoryCategories maxImageSize imageTypes directoryFeaturedHitsPerPage directoryRegularHitsPerPage listingPageSize currencyLocales { currency locale } } }`,
      ),
    ).universals;
    expect(universals).toMatchObject({
      fontChoices: ['Montserrat', 'Avenir', 'Roboto', 'Arial', 'sans-serif'],
      themeVariations: ['ORIGINAL', 'FILLED_PRIMARY', 'FILLED_SECONDARY', 'SIMPLE', 'SIMPLE_TALL'],
      faqSections: ['home', 'media', 'paddock', 'simracing', 'directory', 'auction', 'sellMyCar'],
      maxImageSize: 5_242_880,
      imageTypes: ['jpg', 'jpeg', 'png'],
      directoryFeaturedHitsPerPage: 4,
      directoryRegularHitsPerPage: 8,
      listingPageSize: 9,
    });
    expect((universals.currencyLocales as unknown[]).length).toBeGreaterThanOrEqual(35);
  });

  it('publishes the card provider settings as BrandPaymentConfigured after each change', async () => {
    const UPDATE_PAYMENT = `mutation($data: JSON!) { updatePaymentConfigurationByBrand(input: { data: $data }) { provider active } }`;
    const admin = app.user({ brand: 'jewelry', permissions: { superAdmin: true } });
    expect(
      errorCode(
        await app.gql(
          UPDATE_PAYMENT,
          { data: { provider: 'SQUARE', active: true } },
          { token: app.user({ brand: 'jewelry', permissions: { websiteEnabled: true } }).token, brand: 'jewelry' },
        ),
      ),
    ).toBe('FORBIDDEN');
    expect(
      errorCode(await app.gql(UPDATE_PAYMENT, { data: { provider: 'PAYPAL', active: true } }, { token: admin.token, brand: 'jewelry' })),
    ).toBe('catalogue.validation');
    const answer = dataOf(
      await app.gql<{ updatePaymentConfigurationByBrand: unknown[] }>(
        UPDATE_PAYMENT,
        { data: { provider: 'SQUARE', active: true, appId: 'sq-app', locationId: 'loc-1' } },
        { token: admin.token, brand: 'jewelry' },
      ),
    );
    expect(answer.updatePaymentConfigurationByBrand).toEqual([
      { provider: 'SQUARE', active: true },
      { provider: 'STRIPE', active: false },
    ]);
    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    try {
      const events = (await new PostgresEventStore(pool).readStream(brandStreamId('jewelry'))).filter(
        (event) => event.type === BRAND_PAYMENT_EVENTS.paymentConfigured,
      );
      expect(events).toHaveLength(2); // the demo seed's, then this change
      expect(events[1]!.data).toEqual({
        brand: 'jewelry',
        configurations: [
          { provider: 'SQUARE', active: true, stripePublishableKey: null, appId: 'sq-app', locationId: 'loc-1' },
          { provider: 'STRIPE', active: false, stripePublishableKey: 'pk_test_demo', appId: null, locationId: null },
        ],
      });
      expect(events[1]!.metadata).toMatchObject({ actorId: admin.id });
    } finally {
      await pool.end();
    }
  });
});
