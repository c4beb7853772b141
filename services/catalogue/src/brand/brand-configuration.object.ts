import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';
import { GroupDeploymentObject } from '../partner/partner-handoff.object';

@ObjectType('BrandNavItem', CATALOGUE_TYPES)
export class BrandNavItemObject {
  @Field() active: boolean;
  @Field() title: string;
  @Field() url: string;
}

@ObjectType('BrandModule', CATALOGUE_TYPES)
export class BrandModuleObject {
  @Field() name: string;
  @Field() active: boolean;
  @Field() url: string;
}

@ObjectType('BrandBusinessHours', CATALOGUE_TYPES)
export class BusinessHoursObject {
  @Field() timezone: string;
  @Field() weekdays: string;
  @Field() weekend: string;
}

@ObjectType('BrandSocialConfiguration', CATALOGUE_TYPES)
export class SocialConfigurationObject {
  @Field(() => String, { nullable: true }) facebook: string | null;
  @Field(() => String, { nullable: true }) instagram: string | null;
  @Field(() => String, { nullable: true }) linkedin: string | null;
  @Field(() => String, { nullable: true }) twitter: string | null;
  @Field(() => String, { nullable: true }) youtube: string | null;
}

@ObjectType('BrandContactUsConfiguration', CATALOGUE_TYPES)
export class ContactUsConfigurationObject {
  @Field(() => String, { nullable: true }) email: string | null;
  @Field(() => String, { nullable: true }) phoneNumber: string | null;
  @Field(() => String, { nullable: true }) address: string | null;
}

@ObjectType('BrandEmailNotificationConfiguration', CATALOGUE_TYPES)
export class EmailNotificationConfigurationObject {
  @Field(() => String, { nullable: true }) adminEmail: string | null;
  @Field(() => String, { nullable: true }) salesEmail: string | null;
  @Field(() => Int) daysBeforeExpiry: number;
  @Field(() => Int) emailExpiryOffset: number;
}

@ObjectType('BrandAnnouncement', CATALOGUE_TYPES)
export class AnnouncementObject {
  @Field() title: string;
  @Field(() => String, { nullable: true }) subtitle: string | null;
  @Field(() => String, { nullable: true }) link: string | null;
  @Field(() => String, { description: 'The configured image, else the default announcement image.' }) image: string;
  @Field(() => Int) daysToLive: number;
  @Field(() => Int) secondsBeforeBannerShows: number;
}

@ObjectType('BrandPaddockConfiguration', CATALOGUE_TYPES)
export class PaddockConfigurationObject {
  @Field(() => Int) numberOfHits: number;
  @Field(() => String, { nullable: true }) homepageBanner: string | null;
}

@ObjectType('BrandHeatmap', CATALOGUE_TYPES)
export class HeatmapObject {
  @Field(() => String, { nullable: true }) title: string | null;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => String, { nullable: true }) image: string | null;
}

@ObjectType('BrandReserveMeter', CATALOGUE_TYPES)
export class ReserveMeterObject {
  @Field() enabled: boolean;
  @Field() fillColor: string;
  @Field(() => String, { nullable: true }) pdfGuide: string | null;
}

/** One band of the brand's increment ladder (issue 21): below `below` (null: any higher price), bids add `increment`. */
@ObjectType('BrandIncrementBand', CATALOGUE_TYPES)
export class IncrementBandObject {
  @Field(() => Float, { nullable: true }) below: number | null;
  @Field(() => Float) increment: number;
}

@ObjectType('BrandAuctionConfiguration', CATALOGUE_TYPES)
export class AuctionConfigurationObject {
  @Field(() => String, { nullable: true }) host: string | null;
  @Field(() => Int, { description: 'Seconds.' }) sniperProtectionTime: number;
  @Field(() => Int) displayLimit: number;
  @Field(() => Int, { description: 'Days.' }) dateRangeLimit: number;
  @Field(() => Float) bidMinimumIncrement: number;
  @Field(() => String, { nullable: true }) infographic: string | null;
  @Field(() => String, { nullable: true }) information: string | null;
  @Field(() => ReserveMeterObject) reserveMeter: ReserveMeterObject;
  @Field() bidHoldRequired: boolean;
  @Field(() => Float) bidHoldAmount: number;
  @Field(() => [IncrementBandObject], {
    nullable: true,
    description: 'Price bands replacing bidMinimumIncrement; null: the flat increment.',
  })
  bidIncrementLadder: IncrementBandObject[] | null;
  @Field(() => [Int], {
    nullable: true,
    description: 'Hours before a lot ends when watchers and bidders are reminded, largest first; null: the default (24 and 1).',
  })
  endingReminderHours: number[] | null;
}

@ObjectType('BrandDirectoryInfo', CATALOGUE_TYPES)
export class DirectoryInfoObject {
  @Field() active: boolean;
  @Field() describes: string;
  @Field() content: string;
}

@ObjectType('BrandMenuItem', CATALOGUE_TYPES)
export class MenuItemObject {
  @Field() title: string;
  @Field() url: string;
}

@ObjectType('BrandWordingReplacement', CATALOGUE_TYPES)
export class WordingReplacementObject {
  @Field() from: string;
  @Field() to: string;
}

@ObjectType('BrandWording', CATALOGUE_TYPES)
export class BrandWordingObject {
  @Field() brandName: string;
  @Field() vehicle: string;
  @Field() vehicles: string;
  @Field() paddock: string;
  @Field() sellButton: string;
  @Field(() => [WordingReplacementObject], { description: 'Apply in order to shared wording to relabel it for this brand.' })
  replacements: WordingReplacementObject[];
}

@ObjectType('BrandTheme', CATALOGUE_TYPES)
export class ThemeObject {
  @Field() darkMode: boolean;
  @Field() headerVariation: string;
  @Field() footerVariation: string;
  @Field() loginVariation: string;
  @Field() soldSectionVariation: string;
  @Field() headerPosition: string;
  @Field(() => Int) headerHeight: number;
  @Field(() => Int) logoHeight: number;
  @Field() primaryColor: string;
  @Field() secondaryColor: string;
  @Field(() => String, { nullable: true, description: 'The floating Sell My Vehicle button colour; null: primaryColor.' })
  sellButtonColor: string | null;
  @Field() success: string;
  @Field() warning: string;
  @Field() info: string;
  @Field() error: string;
  @Field(() => String, { nullable: true }) defaultImage: string | null;
  @Field(() => String, { nullable: true }) defaultProfile: string | null;
  @Field(() => String, { nullable: true }) dashboardLogo: string | null;
  @Field(() => String, { nullable: true }) socialLinksLogo: string | null;
  @Field(() => String, { nullable: true }) loginLogo: string | null;
  @Field(() => String, { nullable: true }) headerLogo: string | null;
  @Field() primaryFont: string;
  @Field() secondaryFont: string;
  @Field({ description: 'CSS font-family: the chosen font, then the default stack.' }) primaryFontFamily: string;
  @Field() secondaryFontFamily: string;
}

@ObjectType('BrandConfiguration', CATALOGUE_TYPES)
export class BrandConfigurationObject {
  @Field(() => ID) id: string;
  @Field() brand: string;
  @Field() rootUrl: string;
  @Field() companyName: string;
  @Field(() => [BrandNavItemObject]) headerNav: BrandNavItemObject[];
  @Field(() => [BrandModuleObject]) modules: BrandModuleObject[];
  @Field(() => String, { nullable: true }) homePage: string | null;
  @Field(() => BusinessHoursObject) businessHours: BusinessHoursObject;
  @Field(() => SocialConfigurationObject) socialConfiguration: SocialConfigurationObject;
  @Field(() => ContactUsConfigurationObject) contactUsConfiguration: ContactUsConfigurationObject;
  @Field(() => EmailNotificationConfigurationObject) emailNotificationConfiguration: EmailNotificationConfigurationObject;
  @Field(() => AnnouncementObject, { nullable: true }) announcement: AnnouncementObject | null;
  @Field(() => PaddockConfigurationObject) paddockConfiguration: PaddockConfigurationObject;
  @Field(() => HeatmapObject) heatmap: HeatmapObject;
  @Field() isFloatingSellButtonDisabled: boolean;
  @Field() isFeaturedCarouselDisabled: boolean;
  @Field(() => AuctionConfigurationObject) auctionConfiguration: AuctionConfigurationObject;
  @Field(() => [DirectoryInfoObject], { description: 'Directory info entries (describes, active, content).' })
  directory: DirectoryInfoObject[];
  @Field(() => [MenuItemObject]) menuItems: MenuItemObject[];
  @Field(() => BrandWordingObject) wording: BrandWordingObject;
  @Field(() => ThemeObject) theme: ThemeObject;
  @Field(() => GroupDeploymentObject, { description: 'Partner-brand hand-off: group deployment and its partners.' })
  groupDeployment: GroupDeploymentObject;
  @Field(() => Date, { nullable: true }) updatedAt: Date | null;
}

@ObjectType('PaymentConfiguration', CATALOGUE_TYPES)
export class PaymentConfigurationObject {
  @Field(() => ID) id: string;
  @Field() brand: string;
  @Field() provider: string;
  @Field() active: boolean;
  @Field(() => String, { nullable: true }) stripePublishableKey: string | null;
  @Field(() => String, { nullable: true }) appId: string | null;
  @Field(() => String, { nullable: true }) locationId: string | null;
}

@ObjectType('Faq', CATALOGUE_TYPES)
export class FaqObject {
  @Field(() => ID) id: string;
  @Field() question: string;
  @Field() answer: string;
}

@ObjectType('FaqsByBrand', CATALOGUE_TYPES)
export class FaqsByBrandObject {
  @Field() brand: string;
  @Field(() => [FaqObject]) home: FaqObject[];
  @Field(() => [FaqObject]) media: FaqObject[];
  @Field(() => [FaqObject]) paddock: FaqObject[];
  @Field(() => [FaqObject]) simracing: FaqObject[];
  @Field(() => [FaqObject]) directory: FaqObject[];
  @Field(() => [FaqObject]) auction: FaqObject[];
  @Field(() => [FaqObject]) sellMyCar: FaqObject[];
}

@ObjectType('AboutUs', CATALOGUE_TYPES)
export class AboutUsObject {
  @Field(() => ID) id: string;
  @Field() brand: string;
  @Field() title: string;
  @Field() content: string;
  @Field(() => String, { nullable: true }) image: string | null;
}

@ObjectType('CurrencyLocale', CATALOGUE_TYPES)
export class CurrencyLocaleObject {
  @Field() currency: string;
  @Field() locale: string;
}

@ObjectType('Universals', CATALOGUE_TYPES)
export class UniversalsObject {
  @Field(() => [String]) fontChoices: string[];
  @Field(() => [String]) defaultFontStack: string[];
  @Field(() => [String]) themeVariations: string[];
  @Field(() => [String]) faqSections: string[];
  @Field(() => [String]) directoryCategories: string[];
  @Field(() => [String]) paymentProviders: string[];
  @Field(() => [String]) paymentTypes: string[];
  @Field(() => [String]) paymentStatuses: string[];
  @Field(() => [String]) itemTypes: string[];
  @Field(() => [String]) imageTypes: string[];
  @Field(() => Int) maxImageSize: number;
  @Field(() => Int) directoryFeaturedHitsPerPage: number;
  @Field(() => Int) directoryRegularHitsPerPage: number;
  @Field(() => Int) directoryOwnerPageSize: number;
  @Field(() => Int) listingPageSize: number;
  @Field() defaultCurrency: string;
  @Field() defaultOpeningHours: string;
  @Field(() => [CurrencyLocaleObject]) currencyLocales: CurrencyLocaleObject[];
}
