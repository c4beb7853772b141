import { AuctionNotificationLotEntity } from './auction-notification-lot.entity';
import { ContactMessageEntity } from './contact-message.entity';
import { NewsletterSubscriptionEntity } from './newsletter-subscription.entity';
import { SocialIdentityEntity } from './social-identity.entity';
import { SocialLoginAttemptEntity } from './social-login-attempt.entity';
import { SocialProviderEntity } from './social-provider.entity';

export {
  AuctionNotificationLotEntity,
  ContactMessageEntity,
  NewsletterSubscriptionEntity,
  SocialIdentityEntity,
  SocialLoginAttemptEntity,
  SocialProviderEntity,
};

/** Social sign-in, newsletter, contact forms and auction emails (migration 1764200000000). */
export const SOCIAL_CONTACT_ENTITIES = [
  SocialProviderEntity,
  SocialLoginAttemptEntity,
  SocialIdentityEntity,
  NewsletterSubscriptionEntity,
  ContactMessageEntity,
  AuctionNotificationLotEntity,
];
