import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CmsFlag, CmsPermissions } from '../../../app/access';

/** A row of the back office's users table (spec 002 section 3, plus the row's staff flags). */
export interface CmsUserRow {
  id: string;
  username: string;
  email: string;
  confirmed: boolean;
  blocked: boolean;
  created_at: string;
  updated_at: string;
  permissions: CmsPermissions;
}

export interface CmsUsersVariables {
  start: number;
  limit: number;
  where: Record<string, unknown> | null;
  sort: string;
}

export const CMS_USERS: TypedDocumentNode<{ cmsUsers: { count: number; users: CmsUserRow[] } }, CmsUsersVariables> = gql`
  query CmsUsers($start: Int, $limit: Int, $where: JSON, $sort: String) {
    cmsUsers(start: $start, limit: $limit, where: $where, sort: $sort) {
      count
      users {
        id
        username
        email
        confirmed
        blocked
        created_at
        updated_at
        permissions {
          brand
          websiteTheme
          superAdmin
          manageUsers
          auctionEnabled
          websiteEnabled
          manageHomepage
        }
      }
    }
  }
`;

type ById = { id: string };

export const BLOCK_USER: TypedDocumentNode<{ blockUser: ById & { blocked: boolean } }, ById> = gql`
  mutation CmsBlockUser($id: ID!) {
    blockUser(id: $id) {
      id
      blocked
    }
  }
`;

export const UNBLOCK_USER: TypedDocumentNode<{ unblockUser: ById & { blocked: boolean } }, ById> = gql`
  mutation CmsUnblockUser($id: ID!) {
    unblockUser(id: $id) {
      id
      blocked
    }
  }
`;

export const CONFIRM_USER: TypedDocumentNode<{ confirmUser: ById & { confirmed: boolean } }, ById> = gql`
  mutation CmsConfirmUser($id: ID!) {
    confirmUser(id: $id) {
      id
      confirmed
    }
  }
`;

export const DELETE_USER: TypedDocumentNode<{ deleteUser: { user: ById } }, ById> = gql`
  mutation CmsDeleteUser($id: ID!) {
    deleteUser(input: { where: { id: $id } }) {
      user {
        id
      }
    }
  }
`;

export interface InviteUserFields {
  email: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export const INVITE_USER: TypedDocumentNode<{ inviteUser: ById & { username: string; email: string } }, { input: InviteUserFields }> = gql`
  mutation CmsInviteUser($input: InviteUserInput!) {
    inviteUser(input: $input) {
      id
      username
      email
    }
  }
`;

export const UPDATE_CMS_PERMISSIONS: TypedDocumentNode<
  { updateCMSPermissions: CmsPermissions },
  { id: string; data: Partial<Record<CmsFlag, boolean>> }
> = gql`
  mutation CmsUpdatePermissions($id: ID!, $data: CmsPermissionsInput!) {
    updateCMSPermissions(id: $id, data: $data) {
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
