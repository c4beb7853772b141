import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PartnerHandoff } from './partner-handoff';

/** Asked when someone tries to bid on a network lot: null means bid here. */
export const PARTNER_HANDOFF: TypedDocumentNode<{ partnerHandoff: PartnerHandoff | null }, { ownerBrand: string; slug: string }> = gql`
  query PartnerHandoff($ownerBrand: String!, $slug: String!) {
    partnerHandoff(ownerBrand: $ownerBrand, slug: $slug) {
      brand
      name
      siteUrl
      lotUrl
    }
  }
`;
