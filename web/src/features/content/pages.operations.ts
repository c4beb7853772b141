import { gql, type TypedDocumentNode } from '@apollo/client';

/** Content from the catalogue's content service (spec 000 sections 2 and 3). */
export interface ContentImage {
  url: string;
  alternativeText: string | null;
}
export interface Hero {
  image: ContentImage | null;
  text: string | null;
}
export interface Quote {
  text: string | null;
  author: string | null;
}
export interface ContentBlock {
  title: string | null;
  description: string | null;
  image: ContentImage | null;
}
export interface Offering {
  id: string;
  title: string;
  description: string | null;
  image: ContentImage | null;
}
export interface DealerServiceCard {
  id: string;
  title: string;
  description: string | null;
  image: ContentImage | null;
  linkText: string | null;
  url: string | null;
}
export interface LogoStrip {
  title: string | null;
  links: Array<{ id: string; url: string | null; media: ContentImage | null; name: string | null }>;
}
export interface DealershipSolution {
  id: string;
  title: string;
  hero1: Hero;
  hero2: Hero;
  hero3: Hero;
  quote1: Quote;
  quote2: Quote;
  content1: string | null;
  content2: string | null;
  contentImage: ContentImage | null;
  points: Array<{ id: string; text: string }>;
  offerings: Offering[];
  services: Array<Offering & { price: number | null; priceFrequency: string | null }>;
  dealers: LogoStrip;
}
export interface AuctionMarketplace {
  id: string;
  title: string;
  hero1: Hero;
  hero2: Hero;
  hero3: Hero;
  hero4: Hero;
  hero5: Hero;
  quote: Quote;
  content1: ContentBlock;
  content2: ContentBlock;
  content3: ContentBlock;
  offerings: Offering[];
  offerings2: Offering[];
  authorities: LogoStrip;
}
export interface ContentPageData {
  id: string;
  slug: string;
  title: string;
  content: string;
  updatedAt: string | null;
}

const IMAGE = 'url alternativeText';
const HERO = `image { ${IMAGE} } text`;
const OFFERING = `id title description image { ${IMAGE} }`;
const LOGOS = `title links { id url name media { ${IMAGE} } }`;

export const DEALER_SERVICE: TypedDocumentNode<{ dealerService: { id: string; title: string; items: DealerServiceCard[] } }> = gql`
  query DealerService {
    dealerService {
      id
      title
      items { id title description linkText url image { ${IMAGE} } }
    }
  }
`;

export const DEALERSHIP_SOLUTION: TypedDocumentNode<{ dealershipSolution: DealershipSolution }> = gql`
  query DealershipSolution {
    dealershipSolution {
      id
      title
      hero1 { ${HERO} }
      hero2 { ${HERO} }
      hero3 { ${HERO} }
      quote1 { text author }
      quote2 { text author }
      content1
      content2
      contentImage { ${IMAGE} }
      points { id text }
      offerings { ${OFFERING} }
      services { ${OFFERING} price priceFrequency }
      dealers { ${LOGOS} }
    }
  }
`;

export const AUCTION_MARKETPLACE: TypedDocumentNode<{ auctionMarketplace: AuctionMarketplace }> = gql`
  query AuctionMarketplace {
    auctionMarketplace {
      id
      title
      hero1 { ${HERO} }
      hero2 { ${HERO} }
      hero3 { ${HERO} }
      hero4 { ${HERO} }
      hero5 { ${HERO} }
      quote { text author }
      content1 { title description image { ${IMAGE} } }
      content2 { title description image { ${IMAGE} } }
      content3 { title description image { ${IMAGE} } }
      offerings { ${OFFERING} }
      offerings2 { ${OFFERING} }
      authorities { ${LOGOS} }
    }
  }
`;

export const CONTENT_PAGE: TypedDocumentNode<{ page: ContentPageData | null }, { slug: string }> = gql`
  query ContentPage($slug: String!) {
    page(slug: $slug) {
      id
      slug
      title
      content
      updatedAt
    }
  }
`;
