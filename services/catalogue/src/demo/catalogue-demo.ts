import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '@trackside/platform';
import { jewelryWording } from '../brand/brand-configuration.defaults';
import { BrandConfigurationService } from '../brand/brand-configuration.service';
import { BrandContentService } from '../brand/brand-content.service';
import { BrandConfigurationEntity } from '../persistence';
import { PricingPackagesService } from '../packages/pricing-packages.service';
import { demoId } from './demo-ids';
import { seedDemoLotImages } from './demo-lot-images';
import { seedDemoDirectories } from './demo-directories';
import { seedDemoListings } from './demo-listings';
import { seedDemoContent } from './demo-content';
import { ContentService } from '../content/content.service';
import { PayableItemsBackfill } from '../payable-items/payable-items-backfill';

/** The demo brands: the marketplace and its jewelry variant (spec 000 section 1). */
export const DEMO_CATALOGUE_BRANDS = ['trackside', 'jewelry'] as const;

const FAQS: Record<string, Array<{ question: string; answer: string }>> = {
  home: [
    {
      question: 'What is {brand}?',
      answer: 'A marketplace for {vehicles}: timed auctions, fixed-price listings and a business directory.',
    },
    { question: 'Do I need an account to browse?', answer: 'No. You need one to bid, list, favourite and pay.' },
  ],
  auction: [
    { question: 'What is sniper protection?', answer: 'A bid in the last two minutes extends the auction by two minutes.' },
    { question: 'What does the reserve meter show?', answer: "How close the top bid is to the seller's reserve." },
  ],
  paddock: [
    { question: 'How long does a listing stay up?', answer: 'For the active period of its package; we email you before it expires.' },
  ],
  directory: [{ question: 'How do I get featured?', answer: 'Choose a featured plan when you list your business, or upgrade later.' }],
  media: [{ question: 'Can I write for you?', answer: 'Send us your idea through the contact page.' }],
  simracing: [{ question: 'Do you list sim racing centres?', answer: 'Yes, under the SIMRACING directory category.' }],
  sellMyCar: [{ question: 'How do I sell my {vehicle}?', answer: 'Pick a package on the pricing page, then follow the listing wizard.' }],
};

/**
 * Demo catalogue: both brands' configuration (the jewelry brand with its wording, modules and
 * theme), FAQs in every section, the about-us page and a card provider. Idempotent: a brand that
 * already has a configuration is left as it is (staff edits survive restarts).
 */
export async function seedCatalogueDemo(
  app: INestApplication,
  options: { brands?: readonly string[]; log?: (line: string) => void } = {},
): Promise<{ created: number; summary: string }> {
  const db = app.get(DataSource);
  const configurations = app.get(BrandConfigurationService);
  const content = app.get(BrandContentService);
  const packages = app.get(PricingPackagesService);
  const brands = options.brands ?? DEMO_CATALOGUE_BRANDS;
  let created = 0;
  for (const brand of brands) {
    if (await db.getRepository(BrandConfigurationEntity).existsBy({ brand })) continue;
    const jewelry = brand === 'jewelry';
    const companyName = jewelry ? 'Trackside Jewelry' : 'Trackside';
    await configurations.update(brand, jewelry ? jewelryConfiguration(companyName) : tracksideConfiguration(companyName), null);
    const words = jewelry ? { vehicle: 'jewelry', vehicles: 'jewelry' } : { vehicle: 'vehicle', vehicles: 'vehicles' };
    for (const [section, faqs] of Object.entries(FAQS)) {
      await content.replaceFaqs(brand, {
        section,
        faqs: faqs.map((faq) => ({ question: fill(faq.question, companyName, words), answer: fill(faq.answer, companyName, words) })),
      });
    }
    await content.updateAboutUs(brand, {
      title: `About ${companyName}`,
      content: `${companyName} is a white-label marketplace for ${words.vehicles}: auctions with live bidding, fixed-price listings and a directory of the businesses around them.`,
      image: null,
    });
    for (const spec of demoPackages(jewelry)) await packages.create(brand, spec, { id: demoId(brand, 'package', String(spec.title)) });
    // Before the auction demo seed, which uses them as its lots' photos (issue 24 item 12).
    await seedDemoLotImages(app, brand, jewelry);
    const entries = await seedDemoDirectories(
      db,
      brand,
      {
        free: demoId(brand, 'package', DEMO_PACKAGE_TITLES.directoryFree),
        featured: demoId(brand, 'package', DEMO_PACKAGE_TITLES.directoryFeatured),
      },
      app.get<Clock>(CLOCK).now(),
    );
    const listings = await seedDemoListings(
      db,
      brand,
      jewelry,
      {
        Starter: demoId(brand, 'package', DEMO_PACKAGE_TITLES.listingFree),
        Standard: demoId(brand, 'package', DEMO_PACKAGE_TITLES.listingStandard),
        Dealer: demoId(brand, 'package', DEMO_PACKAGE_TITLES.listingDealer),
      },
      app.get<Clock>(CLOCK).now(),
    );
    await seedDemoContent(app.get(ContentService), brand, companyName, app.get<Clock>(CLOCK).now());
    options.log?.(`catalogue demo: ${entries} directory entries and ${listings} listings for ${brand}`);
    await content.updatePaymentConfiguration(brand, {
      provider: 'STRIPE',
      active: true,
      stripePublishableKey: 'pk_test_demo',
      appId: null,
      locationId: null,
    });
    created += 1;
    options.log?.(`catalogue demo: brand ${brand} configured`);
  }
  // The demo rows are written straight into the tables: announce them as payable items (identity checks payments against them).
  if (created > 0) await app.get(PayableItemsBackfill).run();
  return { created, summary: `Catalogue demo: ${created} brand(s) configured (${brands.join(', ')}).` };
}

/** The demo pricing packages: directory plans (free, featured) and listing and auction packages. */
export const DEMO_PACKAGE_TITLES = {
  directoryFree: 'Basic Listing',
  directoryFeatured: 'Featured Listing',
  listingFree: 'Starter',
  listingStandard: 'Standard',
  listingDealer: 'Dealer',
  auction: 'Auction',
} as const;

function demoPackages(jewelry: boolean): Array<Record<string, unknown>> {
  const t = DEMO_PACKAGE_TITLES;
  const thing = jewelry ? 'piece' : 'vehicle';
  return [
    {
      title: t.directoryFree,
      type: 'DIRECTORY',
      weighting: 1,
      sellingPoints: [{ text: 'Name, address and hours', subtext: 'Up to 2 keywords' }],
    },
    {
      title: t.directoryFeatured,
      type: 'DIRECTORY',
      featured: true,
      weighting: 2,
      monthlyPayment: { enabled: true, price: 49 },
      yearlyPayment: { enabled: true, price: 490 },
      sellingPoints: [
        { text: 'Shown first in search', subtext: 'Up to 10 keywords' },
        { text: 'Image, video and social links', subtext: null },
      ],
    },
    {
      title: t.listingFree,
      type: 'LISTING',
      weighting: 1,
      imageLimit: 5,
      videoLimit: 0,
      listingLimit: 1,
      listingLimitMax: 1,
      activePeriod: 30,
      sellingPoints: [{ text: `One ${thing}, 5 photos`, subtext: '30 days' }],
    },
    {
      title: t.listingStandard,
      type: 'LISTING',
      weighting: 2,
      imageLimit: 15,
      videoLimit: 1,
      listingLimit: 3,
      listingLimitMax: 3,
      activePeriod: 60,
      oneTimePayment: { enabled: true, price: 29 },
      snappr: { enabled: true, forceEnabled: false, price: 149 },
      sellingPoints: [{ text: `Three ${thing}s, 15 photos each`, subtext: '60 days' }],
    },
    {
      title: t.listingDealer,
      type: 'LISTING',
      featured: true,
      weighting: 3,
      imageLimit: 40,
      videoLimit: 3,
      listingLimit: 50,
      listingLimitMax: 100,
      activePeriod: 90,
      monthlyPayment: { enabled: true, price: 199 },
      restrictedCategories: [],
      sellingPoints: [{ text: 'Up to 50 listings', subtext: '90 days each, featured' }],
    },
    {
      title: t.auction,
      type: 'AUCTION',
      weighting: 1,
      imageLimit: 50,
      videoLimit: 2,
      oneTimePayment: { enabled: true, price: 99 },
      snappr: { enabled: true, forceEnabled: false, price: 149 },
      sellingPoints: [{ text: 'Seven-day timed auction', subtext: 'Live bidding with sniper protection' }],
    },
  ];
}

function fill(text: string, brand: string, words: { vehicle: string; vehicles: string }): string {
  return text.replaceAll('{brand}', brand).replaceAll('{vehicles}', words.vehicles).replaceAll('{vehicle}', words.vehicle);
}

function tracksideConfiguration(companyName: string): Record<string, unknown> {
  return {
    companyName,
    // The header lists every module the brand runs: the site adds no link of its own (issue 24 item 20).
    headerNav: [
      { active: true, title: 'Auctions', url: '/auction' },
      { active: true, title: 'Paddock', url: '/paddock' },
      { active: true, title: 'Media', url: '/media' },
      { active: true, title: 'Directory', url: '/directory' },
    ],
    contactUsConfiguration: { email: 'hello@trackside.demo', phoneNumber: '+1 555 0100', address: '1 Pit Lane, Monterey, CA' },
    emailNotificationConfiguration: { adminEmail: 'admin@trackside.demo', salesEmail: 'sales@trackside.demo' },
    socialConfiguration: { instagram: 'https://instagram.com/trackside', youtube: 'https://youtube.com/@trackside' },
    announcement: {
      title: 'Monterey week auctions are live',
      subtitle: 'Bid on track-ready cars until Sunday',
      link: '/auction',
      image: null,
      daysToLive: 7,
      secondsBeforeBannerShows: 3,
    },
    heatmap: { title: 'Where our cars go', description: 'Deliveries by state over the last year.', image: null },
    directory: [
      { active: true, describes: 'RACETRACK', content: 'Circuits and track-day venues.' },
      { active: true, describes: 'RESTORATION', content: 'Specialists who bring classics back.' },
    ],
    menuItems: [
      { title: 'How to sell', url: '/how-to-sell' },
      { title: 'Dealer services', url: '/dealer-services' },
    ],
    // The brand whose Sell My Vehicle button is green (spec 000 section 2; docs/decisions.md, "Sell button colour").
    theme: { sellButtonColor: '#2E7D32' },
  };
}

function jewelryConfiguration(companyName: string): Record<string, unknown> {
  return {
    companyName,
    headerNav: [
      { active: true, title: 'Shop', url: '/shop' },
      { active: true, title: 'Media', url: '/media' },
      { active: true, title: 'Auction', url: '/auction' },
    ],
    modules: [
      { name: 'paddock', active: false, url: '/paddock' },
      { name: 'shop', active: true, url: '/shop' },
      { name: 'media', active: true, url: '/media' },
      { name: 'directory', active: false, url: '/directory' },
      { name: 'auction', active: true, url: '/auction' },
    ],
    homePage: '/shop',
    contactUsConfiguration: { email: 'hello@jewelry.demo', phoneNumber: null, address: null },
    wording: jewelryWording(companyName),
    theme: { primaryColor: '#8A6D0B', secondaryColor: '#2B2B2B', primaryFont: 'Roboto', headerVariation: 'SIMPLE' },
  };
}
