import { gql, type TypedDocumentNode } from '@apollo/client';

/** The brand configuration as the Website > Configure screen edits it (a subset of configurationByBrand). */
export interface WebsiteTheme {
  darkMode: boolean;
  headerVariation: string;
  footerVariation: string;
  loginVariation: string;
  primaryColor: string;
  secondaryColor: string;
  success: string;
  warning: string;
  info: string;
  error: string;
  primaryFont: string;
  secondaryFont: string;
}

export interface WebsiteConfiguration {
  id: string;
  brand: string;
  companyName: string;
  homePage: string | null;
  headerNav: Array<{ active: boolean; title: string; url: string }>;
  menuItems: Array<{ title: string; url: string }>;
  modules: Array<{ name: string; active: boolean; url: string }>;
  contactUsConfiguration: { email: string | null; phoneNumber: string | null; address: string | null };
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

export const WEBSITE_CONFIGURATION: TypedDocumentNode<{ configurationByBrand: WebsiteConfiguration }> = gql`
  query CmsWebsiteConfiguration {
    configurationByBrand {
      id
      brand
      companyName
      homePage
      headerNav {
        active
        title
        url
      }
      menuItems {
        title
        url
      }
      modules {
        name
        active
        url
      }
      contactUsConfiguration {
        email
        phoneNumber
        address
      }
      socialConfiguration {
        facebook
        instagram
        linkedin
        twitter
        youtube
      }
      announcement {
        title
        subtitle
        link
        daysToLive
        secondsBeforeBannerShows
      }
      theme {
        darkMode
        headerVariation
        footerVariation
        loginVariation
        primaryColor
        secondaryColor
        success
        warning
        info
        error
        primaryFont
        secondaryFont
      }
    }
  }
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

export interface Faq {
  question: string;
  answer: string;
}
export const FAQ_SECTIONS = ['home', 'media', 'paddock', 'simracing', 'directory', 'auction', 'sellMyCar'] as const;
export type FaqSectionName = (typeof FAQ_SECTIONS)[number];

export const FAQS: TypedDocumentNode<{ faqsByBrand: Record<FaqSectionName, Faq[]> }> = gql`
  query CmsFaqs {
    faqsByBrand {
      brand
      home {
        id
        question
        answer
      }
      media {
        id
        question
        answer
      }
      paddock {
        id
        question
        answer
      }
      simracing {
        id
        question
        answer
      }
      directory {
        id
        question
        answer
      }
      auction {
        id
        question
        answer
      }
      sellMyCar {
        id
        question
        answer
      }
    }
  }
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

export const PAYMENT_CONFIGURATION: TypedDocumentNode<{ paymentConfigurationByBrand: PaymentConfiguration[] }> = gql`
  query CmsPaymentConfiguration {
    paymentConfigurationByBrand {
      id
      provider
      active
      stripePublishableKey
      appId
      locationId
    }
  }
`;

export const UPDATE_PAYMENT_CONFIGURATION: TypedDocumentNode<
  { updatePaymentConfigurationByBrand: PaymentConfiguration[] },
  { data: Record<string, unknown> }
> = gql`
  mutation CmsUpdatePaymentConfiguration($data: JSON!) {
    updatePaymentConfigurationByBrand(input: { data: $data }) {
      id
      provider
      active
      stripePublishableKey
      appId
      locationId
    }
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

export const AUTH_SETTINGS: TypedDocumentNode<{ authSettings: AuthSettings }> = gql`
  query CmsAuthSettings {
    authSettings {
      allowRegister
      emailConfirmation
      defaultRole
    }
  }
`;

export const UPDATE_AUTH_SETTINGS: TypedDocumentNode<{ updateAuthSettings: AuthSettings }, { data: Partial<AuthSettings> }> = gql`
  mutation CmsUpdateAuthSettings($data: AuthSettingsInput!) {
    updateAuthSettings(data: $data) {
      allowRegister
      emailConfirmation
      defaultRole
    }
  }
`;

export interface FeedSettings {
  enabled: boolean;
  eventTypes: string[] | null;
  availableEventTypes: string[];
  topic: string;
}

export const FEED_SETTINGS: TypedDocumentNode<{ feedSettings: FeedSettings }> = gql`
  query CmsFeedSettings {
    feedSettings {
      brand
      enabled
      eventTypes
      availableEventTypes
      topic
    }
  }
`;

export const UPDATE_FEED_SETTINGS: TypedDocumentNode<
  { updateFeedSettings: FeedSettings },
  { data: { enabled?: boolean; eventTypes?: string[] | null } }
> = gql`
  mutation CmsUpdateFeedSettings($data: FeedSettingsInput!) {
    updateFeedSettings(input: { data: $data }) {
      brand
      enabled
      eventTypes
      availableEventTypes
      topic
    }
  }
`;
