import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ContentImage } from '../content/pages.operations';

/** Media articles from the catalogue (spec 002: media home, all articles, article, category and tag lists). */
export interface MediaArticle {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  image: ContentImage | null;
  category: string;
  tags: string[];
  author: string | null;
  publishedAt: string;
}
export type MediaArticleSummary = Omit<MediaArticle, 'content'>;
export interface MediaFacet {
  name: string;
  count: number;
}

const SUMMARY = 'id slug title excerpt category tags author publishedAt image { url alternativeText }';

export const MEDIA_ARTICLES: TypedDocumentNode<
  { mediaArticles: { count: number; articles: MediaArticleSummary[] } },
  { category?: string | null; tag?: string | null; start: number; limit: number }
> = gql`
  query MediaArticles($category: String, $tag: String, $start: Int, $limit: Int) {
    mediaArticles(category: $category, tag: $tag, start: $start, limit: $limit) {
      count
      articles { ${SUMMARY} }
    }
  }
`;

export const MEDIA_ARTICLE: TypedDocumentNode<{ mediaArticle: MediaArticle | null }, { slug: string }> = gql`
  query MediaArticle($slug: String!) {
    mediaArticle(slug: $slug) {
      ${SUMMARY}
      content
    }
  }
`;

export const MEDIA_FACETS: TypedDocumentNode<{ mediaCategories: MediaFacet[]; mediaTags: MediaFacet[] }> = gql`
  query MediaFacets {
    mediaCategories {
      name
      count
    }
    mediaTags {
      name
      count
    }
  }
`;
