import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';

@ObjectType('ContentImage', CATALOGUE_TYPES)
export class ContentImageObject {
  @Field() url: string;
  @Field(() => String, { nullable: true }) alternativeText: string | null;
}

@ObjectType('ContentHero', CATALOGUE_TYPES)
export class HeroObject {
  @Field(() => ContentImageObject, { nullable: true }) image: ContentImageObject | null;
  @Field(() => String, { nullable: true }) text: string | null;
}

@ObjectType('ContentQuote', CATALOGUE_TYPES)
export class QuoteObject {
  @Field(() => String, { nullable: true }) text: string | null;
  @Field(() => String, { nullable: true }) author: string | null;
}

@ObjectType('ContentBlock', CATALOGUE_TYPES)
export class ContentBlockObject {
  @Field(() => String, { nullable: true }) title: string | null;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => ContentImageObject, { nullable: true }) image: ContentImageObject | null;
}

@ObjectType('ContentPoint', CATALOGUE_TYPES)
export class PointObject {
  @Field(() => ID) id: string;
  @Field() text: string;
}

@ObjectType('ContentOffering', CATALOGUE_TYPES)
export class OfferingObject {
  @Field(() => ID) id: string;
  @Field() title: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => ContentImageObject, { nullable: true }) image: ContentImageObject | null;
}

@ObjectType('ContentService', CATALOGUE_TYPES)
export class ServiceObject {
  @Field(() => ID) id: string;
  @Field() title: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => ContentImageObject, { nullable: true }) image: ContentImageObject | null;
  @Field(() => Float, { nullable: true, description: 'Dollars, two decimals.' }) price: number | null;
  @Field(() => String, { nullable: true, description: 'month, year, ...' }) priceFrequency: string | null;
}

@ObjectType('ContentLogoLink', CATALOGUE_TYPES)
export class LogoLinkObject {
  @Field(() => ID) id: string;
  @Field(() => String, { nullable: true }) url: string | null;
  @Field(() => ContentImageObject, { nullable: true }) media: ContentImageObject | null;
  @Field(() => String, { nullable: true }) name: string | null;
}

@ObjectType('ContentLogoStrip', CATALOGUE_TYPES)
export class LogoStripObject {
  @Field(() => String, { nullable: true }) title: string | null;
  @Field(() => [LogoLinkObject]) links: LogoLinkObject[];
}

@ObjectType('DealerServiceItem', CATALOGUE_TYPES)
export class DealerServiceItemObject {
  @Field(() => ID) id: string;
  @Field() title: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => ContentImageObject, { nullable: true }) image: ContentImageObject | null;
  @Field(() => String, { nullable: true }) linkText: string | null;
  @Field(() => String, { nullable: true, description: 'Internal paths start with /; others are external links.' }) url: string | null;
}

@ObjectType('DealerService', CATALOGUE_TYPES)
export class DealerServiceObject {
  @Field(() => ID) id: string;
  @Field({ description: 'Default: Dealer Services.' }) title: string;
  @Field(() => [DealerServiceItemObject]) items: DealerServiceItemObject[];
}

@ObjectType('DealershipSolution', CATALOGUE_TYPES)
export class DealershipSolutionObject {
  @Field(() => ID) id: string;
  @Field({ description: 'Default: Dealership Solutions.' }) title: string;
  @Field(() => HeroObject) hero1: HeroObject;
  @Field(() => HeroObject) hero2: HeroObject;
  @Field(() => HeroObject) hero3: HeroObject;
  @Field(() => QuoteObject) quote1: QuoteObject;
  @Field(() => QuoteObject) quote2: QuoteObject;
  @Field(() => String, { nullable: true }) content1: string | null;
  @Field(() => String, { nullable: true }) content2: string | null;
  @Field(() => ContentImageObject, { nullable: true }) contentImage: ContentImageObject | null;
  @Field(() => [PointObject]) points: PointObject[];
  @Field(() => [OfferingObject]) offerings: OfferingObject[];
  @Field(() => [ServiceObject]) services: ServiceObject[];
  @Field(() => LogoStripObject) dealers: LogoStripObject;
}

@ObjectType('AuctionMarketplace', CATALOGUE_TYPES)
export class AuctionMarketplaceObject {
  @Field(() => ID) id: string;
  @Field({ description: 'Default: Auction and Marketplace.' }) title: string;
  @Field(() => HeroObject) hero1: HeroObject;
  @Field(() => HeroObject) hero2: HeroObject;
  @Field(() => HeroObject) hero3: HeroObject;
  @Field(() => HeroObject) hero4: HeroObject;
  @Field(() => HeroObject) hero5: HeroObject;
  @Field(() => QuoteObject) quote: QuoteObject;
  @Field(() => ContentBlockObject) content1: ContentBlockObject;
  @Field(() => ContentBlockObject) content2: ContentBlockObject;
  @Field(() => ContentBlockObject) content3: ContentBlockObject;
  @Field(() => [OfferingObject]) offerings: OfferingObject[];
  @Field(() => [OfferingObject]) offerings2: OfferingObject[];
  @Field(() => LogoStripObject) authorities: LogoStripObject;
}

@ObjectType('ContentPage', CATALOGUE_TYPES)
export class ContentPageObject {
  @Field(() => ID) id: string;
  @Field() slug: string;
  @Field() title: string;
  @Field() content: string;
  @Field(() => Date, { nullable: true }) updatedAt: Date | null;
}

@ObjectType('MediaArticle', CATALOGUE_TYPES)
export class MediaArticleObject {
  @Field(() => ID) id: string;
  @Field() slug: string;
  @Field() title: string;
  @Field(() => String, { nullable: true }) excerpt: string | null;
  @Field() content: string;
  @Field(() => ContentImageObject, { nullable: true }) image: ContentImageObject | null;
  @Field() category: string;
  @Field(() => [String]) tags: string[];
  @Field(() => String, { nullable: true }) author: string | null;
  @Field(() => Date) publishedAt: Date;
}

@ObjectType('MediaArticlesResult', CATALOGUE_TYPES)
export class MediaArticlesResultObject {
  @Field(() => Int) count: number;
  @Field(() => [MediaArticleObject]) articles: MediaArticleObject[];
}

@ObjectType('MediaFacet', CATALOGUE_TYPES)
export class MediaFacetObject {
  @Field() name: string;
  @Field(() => Int) count: number;
}
