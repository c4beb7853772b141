import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { CLOCK, type Clock } from '@trackside/platform';
import { CATALOGUE_FIELD_MESSAGES } from '@trackside/contracts';
import { notFound, validationError, zodIssues } from '../common/catalogue-error';
import { toCents } from '../common/money';
import { ContentDocumentEntity, MediaArticleEntity } from '../persistence';
import { readAuctionMarketplace, readDealerService, readDealershipSolution, readPage } from './content-documents';
import type {
  AuctionMarketplaceObject,
  ContentPageObject,
  DealerServiceObject,
  DealershipSolutionObject,
  MediaArticleObject,
  MediaArticlesResultObject,
  MediaFacetObject,
} from './content.objects';

/** The named content pages (spec 000 section 2); other slugs can be added by staff. */
export const CONTENT_PAGE_SLUGS = [
  'partners',
  'terms-and-conditions',
  'privacy-policy',
  'cookie-policy',
  'contact-us',
  'how-to-sell',
  'about-us',
] as const;

const text = (max: number) => z.string().trim().max(max).nullish();
const image = z.strictObject({ url: z.string().trim().min(1).max(2000), alternativeText: text(500) }).nullish();
const hero = z.strictObject({ image, text: text(5000) }).nullish();
const quote = z.strictObject({ text: text(5000), author: text(200) }).nullish();
const block = z.strictObject({ title: text(300), description: text(20_000), image }).nullish();
const id = z.string().trim().min(1).max(100);
const offering = z.strictObject({ id, title: z.string().trim().min(1).max(300), description: text(20_000), image });
const logos = z
  .strictObject({
    title: text(300),
    links: z.array(z.strictObject({ id, url: text(2000), media: image, name: text(200) })).max(100),
  })
  .nullish();
const price = z
  .number()
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const cents = toCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: CATALOGUE_FIELD_MESSAGES.contentPrice });
      return z.NEVER;
    }
    return cents;
  });

const SCHEMAS = {
  dealerService: z.strictObject({
    title: text(300),
    items: z
      .array(
        z.strictObject({
          id,
          title: z.string().trim().min(1).max(300),
          description: text(20_000),
          image,
          linkText: text(200),
          url: text(2000),
        }),
      )
      .max(100)
      .nullish(),
  }),
  dealershipSolution: z.strictObject({
    title: text(300),
    hero1: hero,
    hero2: hero,
    hero3: hero,
    quote1: quote,
    quote2: quote,
    content1: text(50_000),
    content2: text(50_000),
    contentImage: image,
    points: z
      .array(z.strictObject({ id, text: z.string().trim().min(1).max(1000) }))
      .max(100)
      .nullish(),
    offerings: z.array(offering).max(100).nullish(),
    services: z
      .array(
        z.strictObject({ id, title: z.string().trim().min(1).max(300), description: text(20_000), image, price, priceFrequency: text(50) }),
      )
      .max(100)
      .nullish(),
    dealers: logos,
  }),
  auctionMarketplace: z.strictObject({
    title: text(300),
    hero1: hero,
    hero2: hero,
    hero3: hero,
    hero4: hero,
    hero5: hero,
    quote,
    content1: block,
    content2: block,
    content3: block,
    offerings: z.array(offering).max(100).nullish(),
    offerings2: z.array(offering).max(100).nullish(),
    authorities: logos,
  }),
} as const;
type Kind = keyof typeof SCHEMAS;

const pageSchema = z.strictObject({ title: z.string().trim().min(1).max(300), content: z.string().max(200_000) });
const articleSchema = z.strictObject({
  title: z.string().trim().min(1).max(300),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, CATALOGUE_FIELD_MESSAGES.slug)
    .max(200)
    .nullish(),
  excerpt: text(1000),
  content: z.string().max(200_000),
  image,
  category: z.string().trim().min(1).max(100),
  tags: z.array(z.string().trim().min(1).max(60)).max(30).nullish(),
  author: text(200),
  publishedAt: z.string().datetime().nullish(),
});

/** Dealer marketing pages, content pages by slug and media articles of a brand; staff edit them. */
@Injectable()
export class ContentService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async dealerService(brand: string): Promise<DealerServiceObject> {
    return readDealerService(brand, await this.document(brand, 'dealerService', ''));
  }

  async dealershipSolution(brand: string): Promise<DealershipSolutionObject> {
    return readDealershipSolution(brand, await this.document(brand, 'dealershipSolution', ''));
  }

  async auctionMarketplace(brand: string): Promise<AuctionMarketplaceObject> {
    return readAuctionMarketplace(brand, await this.document(brand, 'auctionMarketplace', ''));
  }

  /** Replaces a dealer page's document (validated whole; prices to cents). */
  async save(brand: string, kind: Kind, input: unknown): Promise<void> {
    const parsed = SCHEMAS[kind].safeParse(input ?? {});
    if (!parsed.success) throw validationError(zodIssues(parsed.error));
    await this.db.getRepository(ContentDocumentEntity).save({ brand, kind, slug: '', data: parsed.data, updatedAt: this.clock.now() });
  }

  async page(brand: string, slug: string): Promise<ContentPageObject | null> {
    const row = await this.db.getRepository(ContentDocumentEntity).findOneBy({ brand, kind: 'page', slug });
    if (!row) return null;
    const { title, content } = readPage(row.data);
    return { id: `${brand}:page:${slug}`, slug, title, content, updatedAt: row.updatedAt };
  }

  async pages(brand: string): Promise<ContentPageObject[]> {
    const rows = await this.db.getRepository(ContentDocumentEntity).find({ where: { brand, kind: 'page' }, order: { slug: 'ASC' } });
    return rows.map((row) => {
      const { title, content } = readPage(row.data);
      return { id: `${brand}:page:${row.slug}`, slug: row.slug, title, content, updatedAt: row.updatedAt };
    });
  }

  async savePage(brand: string, slug: string, input: unknown): Promise<ContentPageObject> {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) || slug.length > 100)
      throw validationError([{ path: 'slug', message: CATALOGUE_FIELD_MESSAGES.slug }]);
    const parsed = pageSchema.safeParse(input ?? {});
    if (!parsed.success) throw validationError(zodIssues(parsed.error));
    await this.db.getRepository(ContentDocumentEntity).save({ brand, kind: 'page', slug, data: parsed.data, updatedAt: this.clock.now() });
    return (await this.page(brand, slug))!;
  }

  async articles(
    brand: string,
    filter: { category?: string | null; tag?: string | null },
    start: number,
    limit: number,
  ): Promise<MediaArticlesResultObject> {
    const query = this.db
      .getRepository(MediaArticleEntity)
      .createQueryBuilder('a')
      .where('a.brand = :brand', { brand })
      .andWhere('a.published_at <= :now', { now: this.clock.now() });
    if (filter.category) query.andWhere('lower(a.category) = lower(:category)', { category: filter.category });
    if (filter.tag) query.andWhere('lower(:tag) = ANY (SELECT lower(t) FROM unnest(a.tags) t)', { tag: filter.tag });
    query
      .orderBy('a.published_at', 'DESC')
      .addOrderBy('a.id', 'ASC')
      .offset(Math.max(0, start))
      .limit(Math.min(Math.max(limit, 0), 100));
    const [rows, count] = await query.getManyAndCount();
    return { count, articles: rows.map(toArticle) };
  }

  async article(brand: string, slug: string): Promise<MediaArticleObject | null> {
    const row = await this.db.getRepository(MediaArticleEntity).findOneBy({ brand, slug });
    return row && row.publishedAt <= this.clock.now() ? toArticle(row) : null;
  }

  async facets(brand: string, field: 'category' | 'tags'): Promise<MediaFacetObject[]> {
    const sql =
      field === 'category'
        ? `SELECT category AS name, count(*)::int AS count FROM catalogue.media_articles WHERE brand = $1 AND published_at <= $2 GROUP BY category ORDER BY category`
        : `SELECT t AS name, count(*)::int AS count FROM catalogue.media_articles, unnest(tags) t WHERE brand = $1 AND published_at <= $2 GROUP BY t ORDER BY t`;
    return this.db.query<MediaFacetObject[]>(sql, [brand, this.clock.now()]);
  }

  async saveArticle(brand: string, id: string | null, input: unknown): Promise<MediaArticleObject> {
    const parsed = articleSchema.safeParse(input ?? {});
    if (!parsed.success) throw validationError(zodIssues(parsed.error));
    const data = parsed.data;
    const repository = this.db.getRepository(MediaArticleEntity);
    const existing = id ? await repository.findOneBy({ brand, id }) : null;
    if (id && !existing) throw notFound(CATALOGUE_FIELD_MESSAGES.articleNotFound);
    const slug = data.slug ?? existing?.slug ?? slugify(data.title);
    const clash = await repository.findOneBy({ brand, slug });
    if (clash && clash.id !== existing?.id) throw validationError([{ path: 'slug', message: CATALOGUE_FIELD_MESSAGES.slugTaken(slug) }]);
    const now = this.clock.now();
    const row: MediaArticleEntity = {
      id: existing?.id ?? randomUUID(),
      brand,
      slug,
      title: data.title,
      excerpt: data.excerpt ?? null,
      content: data.content,
      image: data.image ? { url: data.image.url, alternativeText: data.image.alternativeText ?? null } : null,
      category: data.category,
      tags: [...new Set(data.tags ?? [])],
      author: data.author ?? null,
      publishedAt: data.publishedAt ? new Date(data.publishedAt) : (existing?.publishedAt ?? now),
      updatedAt: now,
    };
    await repository.save(row);
    return toArticle(row);
  }

  async deleteArticle(brand: string, id: string): Promise<MediaArticleObject> {
    const row = await this.db.getRepository(MediaArticleEntity).findOneBy({ brand, id });
    if (!row) throw notFound(CATALOGUE_FIELD_MESSAGES.articleNotFound);
    await this.db.getRepository(MediaArticleEntity).delete({ brand, id });
    return toArticle(row);
  }

  private async document(brand: string, kind: string, slug: string): Promise<unknown> {
    return (await this.db.getRepository(ContentDocumentEntity).findOneBy({ brand, kind, slug }))?.data ?? null;
  }
}

function toArticle(row: MediaArticleEntity): MediaArticleObject {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    image: row.image,
    category: row.category,
    tags: row.tags,
    author: row.author,
    publishedAt: row.publishedAt,
  };
}

function slugify(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'article'
  );
}
