import { gql, type TypedDocumentNode } from '@apollo/client';
import type { HighlightSegment } from '../../lib/highlighted-text';

export interface DirectoryImage {
  id: string;
  url: string;
  name: string | null;
  alternativeText: string | null;
}

export type DirectoryHours = Partial<Record<'Su' | 'Mo' | 'Tu' | 'We' | 'Th' | 'Fr' | 'Sa', string | null>>;
export type SocialLinks = Partial<Record<'facebook' | 'instagram' | 'youtube' | 'linkedin' | 'twitter', string | null>>;

export interface Directory {
  id: string;
  status: string;
  featured: boolean;
  name: string;
  category: string;
  addressCountry: string;
  addressState: string;
  addressCity: string;
  addressPostal: string | null;
  addressStreet1: string | null;
  addressStreet2: string | null;
  hoursOfOperation: DirectoryHours | null;
  website: string | null;
  phone: string | null;
  email: string | null;
  keywords: string[];
  socialLinks: SocialLinks | null;
  videoURL: string | null;
  image: DirectoryImage | null;
  activeSubscription: boolean;
  /** Owner and staff only (null / false for others): the paid period's end, a cancel at its end, a failed renewal. */
  subscriptionPeriodEnd: string | null;
  subscriptionCancelAtPeriodEnd: boolean;
  subscriptionPastDue: boolean;
  userId: string | null;
  packageId: string | null;
  reviewReason: string | null;
  /** Owner and staff only: a material change to the approved entry awaits review (the approved version stays public). */
  changesAwaitingReview: boolean;
  /** Owner and staff only: the changed fields awaiting review, with requestedAt. */
  pendingChanges: Partial<Pick<Directory, 'name' | 'keywords' | 'website' | 'socialLinks' | 'videoURL' | 'image'>> | null;
}

const DIRECTORY_FIELDS = gql`
  fragment DirectoryFields on Directory {
    id
    status
    featured
    name
    category
    addressCountry
    addressState
    addressCity
    addressPostal
    addressStreet1
    addressStreet2
    hoursOfOperation {
      Su
      Mo
      Tu
      We
      Th
      Fr
      Sa
    }
    website
    phone
    email
    keywords
    socialLinks {
      facebook
      instagram
      youtube
      linkedin
      twitter
    }
    videoURL
    image {
      id
      url
      name
      alternativeText
    }
    activeSubscription
    subscriptionPeriodEnd
    subscriptionCancelAtPeriodEnd
    subscriptionPastDue
    userId
    packageId
    reviewReason
    changesAwaitingReview
    pendingChanges
  }
`;

export interface SearchSet {
  hits: Directory[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  /** Hits whose name the query matched (none without a query): the name cut into segments, matched words marked. */
  highlights: Array<{ directoryId: string; name: HighlightSegment[] }>;
}

export const DIRECTORY_SEARCH: TypedDocumentNode<
  { directorySearch: { featured: SearchSet; regular: SearchSet } },
  { q?: string | null; category?: string | null; page?: number; featuredPage?: number }
> = gql`
  query DirectorySearch($q: String, $category: String, $page: Int, $featuredPage: Int) {
    directorySearch(q: $q, category: $category, page: $page, featuredPage: $featuredPage) {
      featured {
        hits {
          ...DirectoryFields
        }
        nbHits
        page
        nbPages
        hitsPerPage
        highlights {
          directoryId
          name {
            text
            match
          }
        }
      }
      regular {
        hits {
          ...DirectoryFields
        }
        nbHits
        page
        nbPages
        hitsPerPage
        highlights {
          directoryId
          name {
            text
            match
          }
        }
      }
    }
  }
  ${DIRECTORY_FIELDS}
`;

/** The entry a claim key opens (public view), so the claim page can name the business; null for an unknown or used key. */
export const CLAIMABLE_DIRECTORY: TypedDocumentNode<
  { claimableDirectory: { id: string; name: string; addressCity: string; addressState: string } | null },
  { key: string }
> = gql`
  query ClaimableDirectory($key: String!) {
    claimableDirectory(key: $key) {
      id
      name
      addressCity
      addressState
    }
  }
`;

export const MY_DIRECTORIES: TypedDocumentNode<{ myDirectories: Directory[] }, { start?: number; limit?: number }> = gql`
  query MyDirectories($start: Int, $limit: Int) {
    myDirectories(start: $start, limit: $limit) {
      ...DirectoryFields
    }
  }
  ${DIRECTORY_FIELDS}
`;

export const DIRECTORIES_BY_IDS: TypedDocumentNode<{ directories: Directory[] }, { ids: string[] }> = gql`
  query DirectoriesByIds($ids: [ID!]) {
    directories(where: { id_in: $ids }, start: 0, limit: 50) {
      ...DirectoryFields
    }
  }
  ${DIRECTORY_FIELDS}
`;

export const DIRECTORY_BOOKMARKS: TypedDocumentNode<
  { directoryBookmarks: Array<{ id: string; directoryId: string }> },
  { userId?: string | null }
> = gql`
  query DirectoryBookmarks($userId: ID) {
    directoryBookmarks(userId: $userId) {
      id
      directoryId
    }
  }
`;

export const ADD_BOOKMARK: TypedDocumentNode<
  { addDirectoryBookmark: { id: string; directoryId: string } },
  { directoryId: string; userId?: string | null; brand?: string | null }
> = gql`
  mutation AddDirectoryBookmark($directoryId: ID!, $userId: ID, $brand: String) {
    addDirectoryBookmark(directoryId: $directoryId, userId: $userId, brand: $brand) {
      id
      directoryId
    }
  }
`;

export const REMOVE_BOOKMARK: TypedDocumentNode<
  { removeDirectoryBookmark: { id: string } | null },
  { directoryId: string; userId?: string | null }
> = gql`
  mutation RemoveDirectoryBookmark($directoryId: ID!, $userId: ID) {
    removeDirectoryBookmark(directoryId: $directoryId, userId: $userId) {
      id
    }
  }
`;

export interface DirectoryInput {
  id?: string;
  name: string;
  category: string;
  addressCountry: string;
  addressState: string;
  addressCity: string;
  addressPostal: string | null;
  addressStreet1: string | null;
  addressStreet2: string | null;
  hoursOfOperation: DirectoryHours | null;
  website: string | null;
  phone: string | null;
  email: string | null;
  keywords: string[];
  socialLinks?: SocialLinks;
  videoURL?: string | null;
  image?: string | null;
  featured: boolean;
  packageId?: string | null;
  userId?: string | null;
  tos?: boolean;
}

export const CREATE_DIRECTORY: TypedDocumentNode<{ createDirectory: { directory: Directory | null } }, { data: DirectoryInput }> = gql`
  mutation CreateDirectory($data: DirectoryInput!) {
    createDirectory(input: { data: $data }) {
      directory {
        ...DirectoryFields
      }
    }
  }
  ${DIRECTORY_FIELDS}
`;

export const UPDATE_DIRECTORY: TypedDocumentNode<
  { updateDirectory: { directory: Directory | null } },
  { id: string; data: Partial<DirectoryInput> }
> = gql`
  mutation UpdateDirectory($id: ID!, $data: DirectoryInput!) {
    updateDirectory(input: { where: { id: $id }, data: $data }) {
      directory {
        ...DirectoryFields
      }
    }
  }
  ${DIRECTORY_FIELDS}
`;
