import { z } from 'zod';
import { fromCents } from '../common/money';
import type {
  AuctionMarketplaceObject,
  ContentBlockObject,
  DealerServiceObject,
  DealershipSolutionObject,
  HeroObject,
  LogoStripObject,
  QuoteObject,
} from './content.objects';

/**
 * Readers of the stored content documents (catalogue.content_documents.data, jsonb). The documents
 * were validated whole when staff saved them (content.service.ts), but a row is data from the past:
 * each reader fills what an older or partial document lacks with the page's default instead of
 * trusting its shape. Prices are stored in cents and read back as dollars.
 */
const textOrNull = z.string().nullable().catch(null);
const image = z.object({ url: z.string(), alternativeText: textOrNull }).nullable().catch(null);
const hero = z.object({ image, text: textOrNull }).catch((): HeroObject => ({ image: null, text: null }));
const quote = z.object({ text: textOrNull, author: textOrNull }).catch((): QuoteObject => ({ text: null, author: null }));
const block = z
  .object({ title: textOrNull, description: textOrNull, image })
  .catch((): ContentBlockObject => ({ title: null, description: null, image: null }));
const list = <T extends z.ZodType>(item: T) => z.array(item).catch(() => []);
const logos = z
  .object({ title: textOrNull, links: list(z.object({ id: z.string(), url: textOrNull, media: image, name: textOrNull })) })
  .catch((): LogoStripObject => ({ title: null, links: [] }));
const offering = z.object({ id: z.string(), title: z.string(), description: textOrNull, image });
const priceFromCents = z
  .number()
  .int()
  .nullable()
  .catch(null)
  .transform((cents) => (cents === null ? null : fromCents(cents)));

const dealerService = z.object({
  title: z.string().catch('Dealer Services'),
  items: list(z.object({ id: z.string(), title: z.string(), description: textOrNull, image, linkText: textOrNull, url: textOrNull })),
});

const dealershipSolution = z.object({
  title: z.string().catch('Dealership Solutions'),
  hero1: hero,
  hero2: hero,
  hero3: hero,
  quote1: quote,
  quote2: quote,
  content1: textOrNull,
  content2: textOrNull,
  contentImage: image,
  points: list(z.object({ id: z.string(), text: z.string() })),
  offerings: list(offering),
  services: list(
    z.object({ id: z.string(), title: z.string(), description: textOrNull, image, price: priceFromCents, priceFrequency: textOrNull }),
  ),
  dealers: logos,
});

const auctionMarketplace = z.object({
  title: z.string().catch('Auction and Marketplace'),
  hero1: hero,
  hero2: hero,
  hero3: hero,
  hero4: hero,
  hero5: hero,
  quote,
  content1: block,
  content2: block,
  content3: block,
  offerings: list(offering),
  offerings2: list(offering),
  authorities: logos,
});

/** A title and rich-text body: the content pages and the about-us page. */
export const storedPage = z.object({ title: z.string().catch(''), content: z.string().catch(''), image: textOrNull.optional() });

const asObject = (data: unknown): unknown => (typeof data === 'object' && data !== null ? data : {});

export function readDealerService(brand: string, data: unknown): DealerServiceObject {
  return { id: `${brand}:dealerService`, ...dealerService.parse(asObject(data)) };
}

export function readDealershipSolution(brand: string, data: unknown): DealershipSolutionObject {
  return { id: `${brand}:dealershipSolution`, ...dealershipSolution.parse(asObject(data)) };
}

export function readAuctionMarketplace(brand: string, data: unknown): AuctionMarketplaceObject {
  return { id: `${brand}:auctionMarketplace`, ...auctionMarketplace.parse(asObject(data)) };
}

export function readPage(data: unknown): { title: string; content: string; image: string | null } {
  const page = storedPage.parse(asObject(data));
  return { title: page.title, content: page.content, image: page.image ?? null };
}
