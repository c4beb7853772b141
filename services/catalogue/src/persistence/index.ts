import { BrandConfigurationEntity } from './brand-configuration.entity';
import { ContentDocumentEntity } from './content-document.entity';
import { DirectoryBookmarkEntity } from './directory-bookmark.entity';
import { DirectoryEntity } from './directory.entity';
import { DirectorySubscriptionPaymentEntity } from './directory-subscription-payment.entity';
import { FaqEntity } from './faq.entity';
import { ListingCategoryEntity } from './listing-category.entity';
import { ListingGroupEntity } from './listing-group.entity';
import { ListingEntity } from './listing.entity';
import { MediaArticleEntity } from './media-article.entity';
import { MediaFileEntity } from './media-file.entity';
import { PaymentConfigurationEntity } from './payment-configuration.entity';
import { PricingPackageEntity } from './pricing-package.entity';

export {
  BrandConfigurationEntity,
  ContentDocumentEntity,
  DirectoryBookmarkEntity,
  DirectoryEntity,
  DirectorySubscriptionPaymentEntity,
  FaqEntity,
  ListingCategoryEntity,
  ListingEntity,
  ListingGroupEntity,
  MediaArticleEntity,
  MediaFileEntity,
  PaymentConfigurationEntity,
  PricingPackageEntity,
};
export const CATALOGUE_ENTITIES = [
  BrandConfigurationEntity,
  FaqEntity,
  PaymentConfigurationEntity,
  ContentDocumentEntity,
  PricingPackageEntity,
  DirectoryEntity,
  DirectoryBookmarkEntity,
  DirectorySubscriptionPaymentEntity,
  MediaFileEntity,
  ListingCategoryEntity,
  ListingEntity,
  ListingGroupEntity,
  MediaArticleEntity,
];
export type { SellingPointData } from './pricing-package.entity';
export type { DirectoryPendingChangesData, DirectorySocialLinksData, DirectoryStatusValue, MediaFileData } from './directory.entity';
export type { MediaFormatData } from './media-file.entity';
export type { ListingPaymentStatusValue, ListingStatusValue } from './listing.entity';
export type { ListingPropertyFieldData, ListingTypeData } from './listing-category.entity';
