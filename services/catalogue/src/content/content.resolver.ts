import { Args, Field, ID, InputType, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentBrand, Public, Staff } from '@trackside/platform';
import { GraphQLJSON } from 'graphql-type-json';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';
import {
  AuctionMarketplaceObject,
  ContentPageObject,
  DealerServiceObject,
  DealershipSolutionObject,
  MediaArticleObject,
  MediaArticlesResultObject,
  MediaFacetObject,
} from './content.objects';
import { ContentService } from './content.service';

@InputType('updateContentInput', CATALOGUE_TYPES)
export class UpdateContentInput {
  @Field(() => GraphQLJSON) data: unknown;
}

@Resolver()
export class ContentResolver {
  constructor(private readonly content: ContentService) {}

  @Query(() => DealerServiceObject)
  @Public()
  async dealerService(@CurrentBrand() brand: string): Promise<DealerServiceObject> {
    return this.content.dealerService(brand);
  }

  @Query(() => DealershipSolutionObject)
  @Public()
  async dealershipSolution(@CurrentBrand() brand: string): Promise<DealershipSolutionObject> {
    return this.content.dealershipSolution(brand);
  }

  @Query(() => AuctionMarketplaceObject)
  @Public()
  async auctionMarketplace(@CurrentBrand() brand: string): Promise<AuctionMarketplaceObject> {
    return this.content.auctionMarketplace(brand);
  }

  @Mutation(() => DealerServiceObject, { description: 'Replaces the dealer services page (staff, websiteEnabled).' })
  @Staff('websiteEnabled')
  async updateDealerService(@Args('input') input: UpdateContentInput, @CurrentBrand() brand: string): Promise<DealerServiceObject> {
    await this.content.save(brand, 'dealerService', input.data);
    return this.content.dealerService(brand);
  }

  @Mutation(() => DealershipSolutionObject)
  @Staff('websiteEnabled')
  async updateDealershipSolution(
    @Args('input') input: UpdateContentInput,
    @CurrentBrand() brand: string,
  ): Promise<DealershipSolutionObject> {
    await this.content.save(brand, 'dealershipSolution', input.data);
    return this.content.dealershipSolution(brand);
  }

  @Mutation(() => AuctionMarketplaceObject)
  @Staff('websiteEnabled')
  async updateAuctionMarketplace(
    @Args('input') input: UpdateContentInput,
    @CurrentBrand() brand: string,
  ): Promise<AuctionMarketplaceObject> {
    await this.content.save(brand, 'auctionMarketplace', input.data);
    return this.content.auctionMarketplace(brand);
  }

  @Query(() => ContentPageObject, {
    nullable: true,
    description: 'A content page by slug (partners, terms-and-conditions, privacy-policy, ...).',
  })
  @Public()
  async page(@Args('slug') slug: string, @CurrentBrand() brand: string): Promise<ContentPageObject | null> {
    return this.content.page(brand, slug);
  }

  @Query(() => [ContentPageObject])
  @Public()
  async pages(@CurrentBrand() brand: string): Promise<ContentPageObject[]> {
    return this.content.pages(brand);
  }

  @Mutation(() => ContentPageObject, { description: 'Creates or replaces a content page: data { title, content }.' })
  @Staff('websiteEnabled')
  async updatePage(
    @Args('slug') slug: string,
    @Args('input') input: UpdateContentInput,
    @CurrentBrand() brand: string,
  ): Promise<ContentPageObject> {
    return this.content.savePage(brand, slug, input.data);
  }

  @Query(() => MediaArticlesResultObject, { description: 'Published articles, newest first, by category and/or tag.' })
  @Public()
  async mediaArticles(
    @Args('category', { type: () => String, nullable: true }) category: string | null,
    @Args('tag', { type: () => String, nullable: true }) tag: string | null,
    @Args('start', { type: () => Int, nullable: true, defaultValue: 0 }) start: number,
    @Args('limit', { type: () => Int, nullable: true, defaultValue: 12 }) limit: number,
    @CurrentBrand() brand: string,
  ): Promise<MediaArticlesResultObject> {
    return this.content.articles(brand, { category, tag }, start ?? 0, limit ?? 12);
  }

  @Query(() => MediaArticleObject, { nullable: true })
  @Public()
  async mediaArticle(@Args('slug') slug: string, @CurrentBrand() brand: string): Promise<MediaArticleObject | null> {
    return this.content.article(brand, slug);
  }

  @Query(() => [MediaFacetObject])
  @Public()
  async mediaCategories(@CurrentBrand() brand: string): Promise<MediaFacetObject[]> {
    return this.content.facets(brand, 'category');
  }

  @Query(() => [MediaFacetObject])
  @Public()
  async mediaTags(@CurrentBrand() brand: string): Promise<MediaFacetObject[]> {
    return this.content.facets(brand, 'tags');
  }

  @Mutation(() => MediaArticleObject, {
    description:
      'Creates (no id) or replaces an article: data { title, slug?, excerpt, content, image, category, tags, author, publishedAt }.',
  })
  @Staff('websiteEnabled')
  async saveMediaArticle(
    @Args('id', { type: () => ID, nullable: true }) id: string | null,
    @Args('input') input: UpdateContentInput,
    @CurrentBrand() brand: string,
  ): Promise<MediaArticleObject> {
    return this.content.saveArticle(brand, id, input.data);
  }

  @Mutation(() => MediaArticleObject)
  @Staff('websiteEnabled')
  async deleteMediaArticle(@Args('id', { type: () => ID }) id: string, @CurrentBrand() brand: string): Promise<MediaArticleObject> {
    return this.content.deleteArticle(brand, id);
  }
}
