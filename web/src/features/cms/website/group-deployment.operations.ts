import { gql, type TypedDocumentNode } from '@apollo/client';

export interface GroupPartner {
  brand: string;
  name: string;
  siteUrl: string;
}

export interface GroupDeployment {
  enabled: boolean;
  partners: GroupPartner[];
}

/** The brand's group deployment (partner-brand hand-off, docs/decisions.md); saved through CmsUpdateConfiguration. */
export const GROUP_DEPLOYMENT: TypedDocumentNode<{ configurationByBrand: { id: string; groupDeployment: GroupDeployment } }> = gql`
  query CmsGroupDeployment {
    configurationByBrand {
      id
      groupDeployment {
        enabled
        partners {
          brand
          name
          siteUrl
        }
      }
    }
  }
`;
