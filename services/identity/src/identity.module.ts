import { Module, type DynamicModule } from '@nestjs/common';
import {
  CLOCK,
  type Clock,
  PlatformModule,
  type PlatformSettings,
  ServiceDatabaseModule,
  federatedGraphQLModule,
} from '@trackside/platform';
import { AuthController } from './auth/auth.controller';
import { AuthResolver } from './auth/auth.resolver';
import { AuthService } from './auth/auth.service';
import { AuthSettingsService } from './auth/auth-settings.service';
import { LoginThrottle } from './auth/login-throttle.service';
import { AttemptLimit } from './auth/attempt-limit.service';
import { OneTimeCodes } from './auth/one-time-codes';
import { TokenIssuer } from './auth/token-issuer';
import { SessionRevocation } from './auth/session-revocation';
import { PublicLinks } from './common/public-links';
import type { IdentityConfig } from './config/identity-config';
import { IDENTITY_CONFIG, IDENTITY_DATABASE_URL } from './config/identity-config.token';
import { AccountEmails } from './email/account-emails';
import { BrandNamesFollower } from './email/brand-names';
import { EmailOutbox } from './email/email-outbox.service';
import { EmailResolver } from './email/email.resolver';
import { LocalMailboxController } from './email/local-mailbox.controller';
import { IdentityGraphQLTypes } from './graphql/identity-graphql-types';
import { IdentityEventStore } from './infrastructure/event-store.provider';
import { IDENTITY_DATABASE } from './infrastructure/identity-data-source';
import { PasswordHasher } from './infrastructure/password-hasher';
import { PAYMENT_CONTROLLERS, PAYMENT_PROVIDERS_NEST } from './payments/payments.providers';
import { AccountStatusPublisher } from './staff/account-status.publisher';
import { StaffUsersResolver } from './staff/staff-users.resolver';
import { StaffUsersService } from './staff/staff-users.service';
import { UserAccounts } from './users/user-accounts';
import { UserReferenceLoader } from './users/user-reference.loader';
import { UsersController } from './users/users.controller';
import { UsersResolver } from './users/users.resolver';
import { UsersService } from './users/users.service';
import { SocialClients } from './social/social-clients';
import { SocialController } from './social/social.controller';
import { SocialProviders } from './social/social-providers.service';
import { SocialProvidersResolver } from './social/social-providers.resolver';
import { SocialSignIn } from './social/social-sign-in.service';
import { ContactInboxes } from './contact/contact-inboxes';
import { ContactService } from './contact/contact.service';
import { EmailController } from './contact/email.controller';
import { SubmissionLimiter } from './contact/submission-limiter';
import { AuctionEmailsProcessor } from './email/auction-emails.processor';
import { ListingEmailsProcessor } from './email/listing-emails.processor';
import { DirectorySubscriptionEmailsProcessor } from './email/directory-subscription-emails.processor';
import { PaymentReceiptsProcessor } from './email/payment-receipts.processor';
import { PayableItems } from './payments/items/payable-items.service';
import { PayableItemsProcessor } from './payments/items/payable-items.processor';
import { IDENTITY_PROCESSOR_HOST } from './identity-processor-host';
import { NewsletterController } from './newsletter/newsletter.controller';
import { NewsletterResolver } from './newsletter/newsletter.resolver';
import { IdentityProcessorStatusResolver } from './tools/processor-status.resolver';
import { NewsletterService } from './newsletter/newsletter.service';
import { NOTIFICATION_PROVIDERS } from './notifications/notifications.providers';

export interface IdentityModuleOptions {
  config: IdentityConfig;
  databaseUrl: string;
  platform: PlatformSettings;
  clock: Clock;
}

@Module({})
export class IdentityModule {
  static register(options: IdentityModuleOptions): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        PlatformModule.forService(options.platform),
        ServiceDatabaseModule.forService(IDENTITY_DATABASE, options.databaseUrl),
        federatedGraphQLModule({
          modules: [IdentityModule, IdentityGraphQLTypes],
          logger: options.platform.logger.child('GraphQL'),
          playground: options.config.GRAPHQL_PLAYGROUND,
        }),
      ],
      controllers: [
        AuthController,
        UsersController,
        SocialController,
        EmailController,
        NewsletterController,
        LocalMailboxController,
        ...PAYMENT_CONTROLLERS,
      ],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: options.config },
        { provide: IDENTITY_DATABASE_URL, useValue: options.databaseUrl },
        { provide: CLOCK, useValue: options.clock },
        IdentityEventStore,
        PasswordHasher,
        PublicLinks,
        TokenIssuer,
        UserAccounts,
        UserReferenceLoader,
        LoginThrottle,
        AttemptLimit,
        OneTimeCodes,
        AuthSettingsService,
        EmailOutbox,
        AccountEmails,
        AccountStatusPublisher,
        SessionRevocation,
        AuthService,
        UsersService,
        StaffUsersService,
        AuthResolver,
        UsersResolver,
        StaffUsersResolver,
        EmailResolver,
        SocialProviders,
        SocialClients,
        SocialSignIn,
        SocialProvidersResolver,
        ContactInboxes,
        SubmissionLimiter,
        ContactService,
        NewsletterService,
        NewsletterResolver,
        BrandNamesFollower,
        AuctionEmailsProcessor,
        ListingEmailsProcessor,
        DirectorySubscriptionEmailsProcessor,
        PaymentReceiptsProcessor,
        PayableItems,
        PayableItemsProcessor,
        IDENTITY_PROCESSOR_HOST,
        IdentityProcessorStatusResolver,
        ...PAYMENT_PROVIDERS_NEST,
        ...NOTIFICATION_PROVIDERS,
      ],
      exports: [AuthService, UsersService, StaffUsersService, EmailOutbox, UserAccounts, PasswordHasher, IdentityEventStore],
    };
  }
}
