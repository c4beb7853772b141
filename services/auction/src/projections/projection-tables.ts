/**
 * Tables of schema `auction` that are not projections (state of their own, kept by a rebuild).
 * Every other table of the schema belongs to a processor's definition (`tables`), from which
 * rebuilds derive what they empty (the rebuild e2e test checks every table is one or the other).
 */
export const NOT_PROJECTED_TABLES: readonly string[] = [
  'auction.migrations',
  'auction.email_outbox',
  'auction.feed_brand_settings',
  'auction.feed_relay_state',
  'auction.feed_republish_jobs',
  // Searched while the `auction-search` processor rebuilds into its building table, then replaced
  // from it in one transaction: never emptied by a reset (src/search/postgres-search-index.ts).
  'auction.search_documents',
];
