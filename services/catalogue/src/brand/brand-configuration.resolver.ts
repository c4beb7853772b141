import { Args, InputType, Field, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentBrand, CurrentUser, Public, Staff, type AuthUser } from '@trackside/platform';
import { GraphQLJSON } from 'graphql-type-json';
import { assertSameBrand } from '../common/catalogue-error';
import { CURRENCY_LOCALES } from '../common/currency-locales';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';
import { DIRECTORY_CATEGORIES } from '../directory/directory.rules';
import { DEFAULT_FONT_STACK, FAQ_SECTIONS, FONT_CHOICES, PAYMENT_PROVIDERS, THEME_VARIATIONS } from './brand-configuration.defaults';
import {
  AboutUsObject,
  BrandConfigurationObject,
  FaqsByBrandObject,
  PaymentConfigurationObject,
  UniversalsObject,
} from './brand-configuration.object';
import { BrandConfigurationService, toConfigurationObject } from './brand-configuration.service';
import { BrandContentService } from './brand-content.service';

@InputType('updateBrandDataInput', CATALOGUE_TYPES)
export class UpdateBrandDataInput {
  @Field(() => GraphQLJSON) data: unknown;
}

@Resolver()
export class BrandConfigurationResolver {
  constructor(
    private readonly configurations: BrandConfigurationService,
    private readonly content: BrandContentService,
  ) {}

  @Query(() => BrandConfigurationObject, { description: "The brand's configuration, every field with its default." })
  @Public()
  async configurationByBrand(
    @Args('brand', { type: () => String, nullable: true }) brandArg: string | null,
    @CurrentBrand() brand: string,
  ): Promise<BrandConfigurationObject> {
    assertSameBrand(brandArg, brand);
    return toConfigurationObject(await this.configurations.get(brand));
  }

  @Mutation(() => BrandConfigurationObject, {
    description:
      'Staff edit of the configuration (any subset of its fields; `theme` needs websiteTheme, homePage/announcement/heatmap/isFeaturedCarouselDisabled manageHomepage, auctionConfiguration auctionEnabled, the rest websiteEnabled).',
  })
  @Staff('websiteEnabled', 'websiteTheme', 'manageHomepage', 'auctionEnabled')
  async updateConfigurationByBrand(
    @Args('input') input: UpdateBrandDataInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<BrandConfigurationObject> {
    return toConfigurationObject(await this.configurations.update(brand, input.data, user));
  }

  @Query(() => [PaymentConfigurationObject])
  @Public()
  async paymentConfigurationByBrand(
    @Args('brand', { type: () => String, nullable: true }) brandArg: string | null,
    @CurrentBrand() brand: string,
  ): Promise<PaymentConfigurationObject[]> {
    assertSameBrand(brandArg, brand);
    return this.content.paymentConfigurations(brand);
  }

  @Mutation(() => [PaymentConfigurationObject], { description: 'Sets one card provider of the brand (superAdmin).' })
  @Staff('superAdmin')
  async updatePaymentConfigurationByBrand(
    @Args('input') input: UpdateBrandDataInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<PaymentConfigurationObject[]> {
    return this.content.updatePaymentConfiguration(brand, input.data, user.id);
  }

  @Query(() => AboutUsObject, { nullable: true })
  @Public()
  async aboutUsByBrand(
    @Args('brand', { type: () => String, nullable: true }) brandArg: string | null,
    @CurrentBrand() brand: string,
  ): Promise<AboutUsObject | null> {
    assertSameBrand(brandArg, brand);
    return this.content.aboutUs(brand);
  }

  @Mutation(() => AboutUsObject)
  @Staff('websiteEnabled')
  async updateAboutUsByBrand(@Args('input') input: UpdateBrandDataInput, @CurrentBrand() brand: string): Promise<AboutUsObject> {
    return this.content.updateAboutUs(brand, input.data);
  }

  @Query(() => FaqsByBrandObject, { description: 'FAQs keyed by page section.' })
  @Public()
  async faqsByBrand(
    @Args('brand', { type: () => String, nullable: true }) brandArg: string | null,
    @CurrentBrand() brand: string,
  ): Promise<FaqsByBrandObject> {
    assertSameBrand(brandArg, brand);
    return this.content.faqs(brand);
  }

  @Mutation(() => FaqsByBrandObject, { description: "Replaces one section's FAQs: data { section, faqs: [{ question, answer }] }." })
  @Staff('websiteEnabled', 'manageHomepage')
  async updateFaqsByBrand(@Args('input') input: UpdateBrandDataInput, @CurrentBrand() brand: string): Promise<FaqsByBrandObject> {
    return this.content.replaceFaqs(brand, input.data);
  }

  @Query(() => UniversalsObject, { description: 'Constants every client shares (spec 000 and 002 section 9).' })
  @Public()
  universals(): UniversalsObject {
    return {
      fontChoices: [...FONT_CHOICES],
      defaultFontStack: [...DEFAULT_FONT_STACK],
      themeVariations: [...THEME_VARIATIONS],
      faqSections: [...FAQ_SECTIONS],
      directoryCategories: [...DIRECTORY_CATEGORIES],
      paymentProviders: [...PAYMENT_PROVIDERS],
      paymentTypes: ['HOLD', 'ONE_TIME', 'MONTHLY', 'YEARLY'],
      paymentStatuses: ['FREE', 'PAID', 'UNPAID', 'PENDING', 'FAILED_PAYMENT', 'CANCELED', 'REQUIRES_ACTION'],
      itemTypes: ['AUCTION', 'BID', 'LISTING', 'DIRECTORY'],
      imageTypes: ['jpg', 'jpeg', 'png'],
      maxImageSize: 5_242_880,
      directoryFeaturedHitsPerPage: 4,
      directoryRegularHitsPerPage: 8,
      directoryOwnerPageSize: 50,
      listingPageSize: 9,
      defaultCurrency: 'USD',
      defaultOpeningHours: '9:00 AM - 5:00 PM',
      currencyLocales: CURRENCY_LOCALES.map((entry) => ({ ...entry })),
    };
  }
}
