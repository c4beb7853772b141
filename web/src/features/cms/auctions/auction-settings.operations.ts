import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AuctionConfiguration } from '../../brand/brand-config';

/** The brand's whole auction configuration as configurationByBrand answers it (catalogue service). */
export interface AuctionSettings extends AuctionConfiguration {
  host: string | null;
  infographic: string | null;
  information: string | null;
  /** Hours before a lot's end for its reminders (issue 21); null: the default. */
  endingReminderHours: number[] | null;
}

const AUCTION_SETTINGS_FIELDS = gql`
  fragment CmsAuctionSettingsFields on BrandConfiguration {
    id
    brand
    auctionConfiguration {
      host
      sniperProtectionTime
      displayLimit
      dateRangeLimit
      bidMinimumIncrement
      infographic
      information
      bidHoldRequired
      bidHoldAmount
      reserveMeter {
        enabled
        fillColor
        pdfGuide
      }
      bidIncrementLadder {
        below
        increment
      }
      endingReminderHours
    }
  }
`;

type SettingsAnswer = { id: string; brand: string; auctionConfiguration: AuctionSettings };

/** Read fresh (network first): the schedule dialog needs today's dateRangeLimit, not the copy loaded at start. */
export const AUCTION_SETTINGS: TypedDocumentNode<{ configurationByBrand: SettingsAnswer }> = gql`
  query CmsAuctionSettings {
    configurationByBrand {
      ...CmsAuctionSettingsFields
    }
  }
  ${AUCTION_SETTINGS_FIELDS}
`;

/** The part the Auction > Configure screen sends (money as decimals; the server keeps cents). */
export type AuctionSettingsPatch = Omit<AuctionSettings, 'reserveMeter'> & {
  reserveMeter: { enabled: boolean; fillColor: string; pdfGuide: string | null };
};

/** Saving answers the configuration with its id, so the app's cached brand configuration follows at once. */
export const UPDATE_AUCTION_SETTINGS: TypedDocumentNode<
  { updateConfigurationByBrand: SettingsAnswer },
  { data: { auctionConfiguration: AuctionSettingsPatch } }
> = gql`
  mutation CmsUpdateAuctionSettings($data: JSON!) {
    updateConfigurationByBrand(input: { data: $data }) {
      ...CmsAuctionSettingsFields
    }
  }
  ${AUCTION_SETTINGS_FIELDS}
`;
