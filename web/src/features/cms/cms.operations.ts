import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CmsPermissions } from '../../app/access';

/** The signed-in user's staff flags as the database holds them now (not the token's copy). */
export const MY_CMS_PERMISSIONS: TypedDocumentNode<{ myCMSPermissions: CmsPermissions }> = gql`
  query MyCMSPermissions {
    myCMSPermissions {
      brand
      websiteTheme
      superAdmin
      manageUsers
      auctionEnabled
      websiteEnabled
      manageHomepage
    }
  }
`;
