import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for directory and Paddock listings search (issue 22): the text conditions of
 * `directory.queries.ts` and `listing.queries.ts` used to scan every row of the brand. Each
 * full-text document gets a GIN index on exactly the expression the query matches, and each
 * `ILIKE '%…%'` column a trigram (pg_trgm) GIN index, so both sides of the query's OR are index
 * scans. `catalogue.search_words` exists because `array_to_string` is only STABLE and an index
 * expression must be IMMUTABLE; joining text with spaces does not depend on any setting.
 * The plans are checked in search/catalogue-search-plans.int-spec.ts.
 */
export class CatalogueSearchIndexes1765000900000 implements MigrationInterface {
  name = 'CatalogueSearchIndexes1765000900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE FUNCTION "catalogue"."search_words"(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string($1, ' ') $$`,
    );
    await queryRunner.query(
      `CREATE INDEX "directories_search_document_idx" ON "catalogue"."directories" USING GIN ((to_tsvector('simple'::regconfig, name || ' ' || category || ' ' || address_city || ' ' || address_state || ' ' || "catalogue"."search_words"(keywords))))`,
    );
    await queryRunner.query(`CREATE INDEX "directories_name_trgm_idx" ON "catalogue"."directories" USING GIN ((name) gin_trgm_ops)`);
    await queryRunner.query(
      `CREATE INDEX "directories_city_trgm_idx" ON "catalogue"."directories" USING GIN ((address_city) gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "directories_keywords_trgm_idx" ON "catalogue"."directories" USING GIN (("catalogue"."search_words"(keywords)) gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "listings_search_document_idx" ON "catalogue"."listings" USING GIN ((to_tsvector('simple'::regconfig, title || ' ' || description || ' ' || extra_details::text)))`,
    );
    await queryRunner.query(`CREATE INDEX "listings_title_trgm_idx" ON "catalogue"."listings" USING GIN ((title) gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of [
      'listings_title_trgm_idx',
      'listings_search_document_idx',
      'directories_keywords_trgm_idx',
      'directories_city_trgm_idx',
      'directories_name_trgm_idx',
      'directories_search_document_idx',
    ])
      await queryRunner.query(`DROP INDEX "catalogue"."${index}"`);
    await queryRunner.query(`DROP FUNCTION "catalogue"."search_words"(text[])`);
    // pg_trgm stays: other schemas of the same database may use it.
  }
}
