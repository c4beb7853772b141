import { gql, type TypedDocumentNode } from '@apollo/client';

/**
 * The configuration fields the site and the back office's Website screens both read; each query
 * adds its own (the site its font stacks and images, the back office the chosen font names).
 */
export const BRAND_CONFIGURATION_FIELDS = gql`
  fragment BrandConfigurationFields on BrandConfiguration {
    id
    brand
    companyName
    homePage
    headerNav {
      active
      title
      url
    }
    modules {
      name
      active
      url
    }
    announcement {
      title
      subtitle
      link
      daysToLive
      secondsBeforeBannerShows
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
    theme {
      darkMode
      headerVariation
      footerVariation
      loginVariation
      primaryColor
      secondaryColor
      sellButtonColor
      success
      warning
      info
      error
    }
  }
`;

/** configurationByBrand (spec 000 sections 3 and 7), the fields the shell, theme and auctions use. */
export const CONFIGURATION_BY_BRAND: TypedDocumentNode<{ configurationByBrand: Record<string, unknown> | null }, { brand?: string }> = gql`
  query ConfigurationByBrand($brand: String) {
    configurationByBrand(brand: $brand) {
      ...BrandConfigurationFields
      rootUrl
      isFloatingSellButtonDisabled
      menuItems {
        title
        url
      }
      announcement {
        image
      }
      auctionConfiguration {
        sniperProtectionTime
        displayLimit
        dateRangeLimit
        bidMinimumIncrement
        bidHoldRequired
        bidHoldAmount
        bidIncrementLadder {
          below
          increment
        }
        reserveMeter {
          enabled
          fillColor
          pdfGuide
        }
      }
      wordingRules: wording {
        brandName
        replacements {
          from
          to
        }
      }
      theme {
        primaryFont: primaryFontFamily
        secondaryFont: secondaryFontFamily
        defaultImage
        headerLogo
      }
    }
  }
  ${BRAND_CONFIGURATION_FIELDS}
`;
