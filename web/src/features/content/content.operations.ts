import { gql, type TypedDocumentNode } from '@apollo/client';

export const FAQ_SECTIONS = ['home', 'media', 'paddock', 'simracing', 'directory', 'auction', 'sellMyCar'] as const;
export type FaqSectionName = (typeof FAQ_SECTIONS)[number];
export interface Faq {
  id: string;
  question: string;
  answer: string;
}

/** Every FAQ section's questions; the public FAQ sections and the back office's FAQ editor read the same selection. */
export const FAQ_SECTIONS_FIELDS = gql`
  fragment FaqSectionsFields on FaqsByBrand {
    home {
      id
      question
      answer
    }
    media {
      id
      question
      answer
    }
    paddock {
      id
      question
      answer
    }
    simracing {
      id
      question
      answer
    }
    directory {
      id
      question
      answer
    }
    auction {
      id
      question
      answer
    }
    sellMyCar {
      id
      question
      answer
    }
  }
`;

export const FAQS_BY_BRAND: TypedDocumentNode<{ faqsByBrand: Record<FaqSectionName, Faq[]> }> = gql`
  query FaqsByBrand {
    faqsByBrand {
      ...FaqSectionsFields
    }
  }
  ${FAQ_SECTIONS_FIELDS}
`;

export const ABOUT_US: TypedDocumentNode<{ aboutUsByBrand: { id: string; title: string; content: string; image: string | null } | null }> =
  gql`
    query AboutUsByBrand {
      aboutUsByBrand {
        id
        title
        content
        image
      }
    }
  `;
