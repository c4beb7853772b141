import { gql, type TypedDocumentNode } from '@apollo/client';

/** configurationByBrand (spec 000 sections 3 and 7), the fields the shell, theme and auctions use. */
export const CONFIGURATION_BY_BRAND: TypedDocumentNode<{ configurationByBrand: Record<string, unknown> | null }, { brand?: string }> = gql`
  query ConfigurationByBrand($brand: String) {
    configurationByBrand(brand: $brand) {
      id
      brand
      rootUrl
      companyName
      homePage
      isFloatingSellButtonDisabled
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
        image
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
      auctionConfiguration {
        sniperProtectionTime
        displayLimit
        dateRangeLimit
        bidMinimumIncrement
        bidHoldRequired
        bidHoldAmount
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
        primaryFont: primaryFontFamily
        secondaryFont: secondaryFontFamily
        defaultImage
        headerLogo
      }
    }
  }
`;
