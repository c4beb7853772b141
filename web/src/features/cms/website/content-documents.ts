/**
 * The dealer pages are one JSON document each, replaced whole on save (update* mutations). The
 * editor loads the whole document, changes a few text fields by path and sends everything back,
 * so blocks it does not edit (images, logos, offerings) are kept.
 */
export type DocumentKind = 'dealerService' | 'dealershipSolution' | 'auctionMarketplace';

export interface DocumentField {
  path: string;
  label: string;
  rich: boolean;
}

export const DOCUMENT_FIELDS: Record<DocumentKind, DocumentField[]> = {
  dealerService: [{ path: 'title', label: 'Title', rich: false }],
  dealershipSolution: [
    { path: 'title', label: 'Title', rich: false },
    { path: 'content1', label: 'First text', rich: true },
    { path: 'content2', label: 'Second text', rich: true },
    { path: 'quote1.text', label: 'First quote', rich: false },
    { path: 'quote1.author', label: 'First quote author', rich: false },
  ],
  auctionMarketplace: [
    { path: 'title', label: 'Title', rich: false },
    { path: 'content1.title', label: 'First block title', rich: false },
    { path: 'content1.description', label: 'First block text', rich: true },
    { path: 'content2.title', label: 'Second block title', rich: false },
    { path: 'content2.description', label: 'Second block text', rich: true },
    { path: 'content3.title', label: 'Third block title', rich: false },
    { path: 'content3.description', label: 'Third block text', rich: true },
  ],
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The query answer as the mutation's input: no __typename anywhere, no top-level id. */
export function toDocumentInput(document: Record<string, unknown>): Record<string, unknown> {
  const strip = (value: unknown): Json => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== '__typename')
          .map(([key, inner]) => [key, strip(inner)]),
      );
    return value as Json;
  };
  const { id: _id, ...rest } = strip(document) as Record<string, Json>;
  return rest;
}

export function readPath(document: Record<string, unknown>, path: string): string {
  let value: unknown = document;
  for (const key of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
}

/** A copy with the text at the path replaced (objects on the way created when null). */
export function writePath(document: Record<string, unknown>, path: string, text: string): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...document, [head!]: text };
  const inner = document[head!];
  return {
    ...document,
    [head!]: writePath(inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}, rest.join('.'), text),
  };
}
