import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DocumentKind } from './content-documents';

export interface ContentPageRow {
  id: string;
  slug: string;
  title: string;
  content: string;
}

export const CONTENT_PAGES: TypedDocumentNode<{ pages: ContentPageRow[] }> = gql`
  query CmsContentPages {
    pages {
      id
      slug
      title
      content
    }
  }
`;

export const UPDATE_PAGE: TypedDocumentNode<{ updatePage: ContentPageRow }, { slug: string; data: { title: string; content: string } }> =
  gql`
    mutation CmsUpdatePage($slug: String!, $data: JSON!) {
      updatePage(slug: $slug, input: { data: $data }) {
        id
        slug
        title
        content
      }
    }
  `;

export const UPDATE_ABOUT_US: TypedDocumentNode<
  { updateAboutUsByBrand: { id: string } },
  { data: { title: string; content: string; image: string | null } }
> = gql`
  mutation CmsUpdateAboutUs($data: JSON!) {
    updateAboutUsByBrand(input: { data: $data }) {
      id
    }
  }
`;

type DocumentVariables = { data: Record<string, unknown> };

/** One replace mutation per dealer page; each answers the page's id. */
export const UPDATE_DOCUMENT: Record<DocumentKind, TypedDocumentNode<Record<string, { id: string }>, DocumentVariables>> = {
  dealerService: gql`
    mutation CmsUpdateDealerService($data: JSON!) {
      updateDealerService(input: { data: $data }) {
        id
      }
    }
  `,
  dealershipSolution: gql`
    mutation CmsUpdateDealershipSolution($data: JSON!) {
      updateDealershipSolution(input: { data: $data }) {
        id
      }
    }
  `,
  auctionMarketplace: gql`
    mutation CmsUpdateAuctionMarketplace($data: JSON!) {
      updateAuctionMarketplace(input: { data: $data }) {
        id
      }
    }
  `,
};
