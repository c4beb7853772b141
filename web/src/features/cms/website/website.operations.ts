import { gql, type TypedDocumentNode } from '@apollo/client';
import type { BrandConfig, BrandTheme } from '../../brand/brand-config';
import { BRAND_CONFIGURATION_FIELDS } from '../../brand/configuration-by-brand.query';
import { FAQ_SECTIONS_FIELDS, type Faq as ContentFaq, type FaqSectionName } from '../../content/content.operations';

/**
 * The theme as the Website > Configure screen edits it: the site's theme fields, but the fonts are
 * the chosen names (primaryFont), not the CSS stacks the site reads (primaryFontFamily).
 */
export type WebsiteTheme = Omit<BrandTheme, 'defaultImage' | 'headerLogo'>;

/** The configuration as the Website screens edit it (a subset of configurationByBrand, with the menu). */
export interface WebsiteConfiguration extends Pick<
  BrandConfig,
  'brand' | 'companyName' | 'homePage' | 'headerNav' | 'modules' | 'contactUsConfiguration'
> {
  id: string;
  menuItems: Array<{ title: string; url: string }>;
  socialConfiguration: Record<'facebook' | 'instagram' | 'linkedin' | 'twitter' | 'youtube', string | null>;
  announcement: {
    title: string;
    subtitle: string | null;
    link: string | null;
    daysToLive: number;
    secondsBeforeBannerShows: number;
  } | null;
  theme: WebsiteTheme;
}

/** The shared fields (BrandConfigurationFields) plus the menu and the chosen font names. */
export const WEBSITE_CONFIGURATION: TypedDocumentNode<{ configurationByBrand: WebsiteConfiguration }> = gql`
  query CmsWebsiteConfiguration {
    configurationByBrand {
      ...BrandConfigurationFields
      menuItems {
        title
        url
      }
      theme {
        primaryFont
        secondaryFont
      }
    }
  }
  ${BRAND_CONFIGURATION_FIELDS}
`;

/** Any subset of the configuration; the server checks each part's staff flag (docs/back-office.md). */
export const UPDATE_CONFIGURATION: TypedDocumentNode<{ updateConfigurationByBrand: { id: string } }, { data: Record<string, unknown> }> =
  gql`
    mutation CmsUpdateConfiguration($data: JSON!) {
      updateConfigurationByBrand(input: { data: $data }) {
        id
      }
    }
  `;

/** A question as the FAQ editor saves it (a section is sent whole, without ids). */
export type Faq = Pick<ContentFaq, 'question' | 'answer'>;

export const FAQS: TypedDocumentNode<{ faqsByBrand: Record<FaqSectionName, ContentFaq[]> }> = gql`
  query CmsFaqs {
    faqsByBrand {
      brand
      ...FaqSectionsFields
    }
  }
  ${FAQ_SECTIONS_FIELDS}
`;

export const UPDATE_FAQS: TypedDocumentNode<{ updateFaqsByBrand: { brand: string } }, { data: { section: string; faqs: Faq[] } }> = gql`
  mutation CmsUpdateFaqs($data: JSON!) {
    updateFaqsByBrand(input: { data: $data }) {
      brand
    }
  }
`;

export interface PaymentConfiguration {
  id: string;
  provider: string;
  active: boolean;
  stripePublishableKey: string | null;
  appId: string | null;
  locationId: string | null;
}

const PAYMENT_FIELDS = 'id provider active stripePublishableKey appId locationId';

export const PAYMENT_CONFIGURATION: TypedDocumentNode<{ paymentConfigurationByBrand: PaymentConfiguration[] }> = gql`
  query CmsPaymentConfiguration {
    paymentConfigurationByBrand { ${PAYMENT_FIELDS} }
  }
`;

export const UPDATE_PAYMENT_CONFIGURATION: TypedDocumentNode<
  { updatePaymentConfigurationByBrand: PaymentConfiguration[] },
  { data: Record<string, unknown> }
> = gql`
  mutation CmsUpdatePaymentConfiguration($data: JSON!) {
    updatePaymentConfigurationByBrand(input: { data: $data }) { ${PAYMENT_FIELDS} }
  }
`;

export interface SocialProvider {
  provider: string;
  displayName: string;
  issuer: string | null;
  clientId: string;
  hasClientSecret: boolean;
  scopes: string;
  enabled: boolean;
  redirectUri: string;
}

const SOCIAL_FIELDS = `provider displayName issuer clientId hasClientSecret scopes enabled redirectUri`;

export const SOCIAL_PROVIDERS: TypedDocumentNode<{ socialProviders: SocialProvider[] }> = gql`
  query CmsSocialProviders {
    socialProviders { ${SOCIAL_FIELDS} }
  }
`;

export const UPSERT_SOCIAL_PROVIDER: TypedDocumentNode<{ upsertSocialProvider: SocialProvider }, { input: Record<string, unknown> }> = gql`
  mutation CmsUpsertSocialProvider($input: SocialProviderInput!) {
    upsertSocialProvider(input: $input) { ${SOCIAL_FIELDS} }
  }
`;

export interface AuthSettings {
  allowRegister: boolean;
  emailConfirmation: boolean;
  defaultRole: string;
}

const AUTH_FIELDS = 'allowRegister emailConfirmation defaultRole';

export const AUTH_SETTINGS: TypedDocumentNode<{ authSettings: AuthSettings }> = gql`
  query CmsAuthSettings {
    authSettings { ${AUTH_FIELDS} }
  }
`;

export const UPDATE_AUTH_SETTINGS: TypedDocumentNode<{ updateAuthSettings: AuthSettings }, { data: Partial<AuthSettings> }> = gql`
  mutation CmsUpdateAuthSettings($data: AuthSettingsInput!) {
    updateAuthSettings(data: $data) { ${AUTH_FIELDS} }
  }
`;

export interface FeedSettings {
  enabled: boolean;
  eventTypes: string[] | null;
  availableEventTypes: string[];
  topic: string;
}

const FEED_FIELDS = 'brand enabled eventTypes availableEventTypes topic';

export const FEED_SETTINGS: TypedDocumentNode<{ feedSettings: FeedSettings }> = gql`
  query CmsFeedSettings {
    feedSettings { ${FEED_FIELDS} }
  }
`;

export const UPDATE_FEED_SETTINGS: TypedDocumentNode<
  { updateFeedSettings: FeedSettings },
  { data: { enabled?: boolean; eventTypes?: string[] | null } }
> = gql`
  mutation CmsUpdateFeedSettings($data: FeedSettingsInput!) {
    updateFeedSettings(input: { data: $data }) { ${FEED_FIELDS} }
  }
`;
