import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Room on each page of the search documents for the row's next version (src/search/postgres-search-index.ts):
 * a bid's update of a document leaves its text and indexed columns alone, so with free space on the
 * same page PostgreSQL writes it as a HOT update, with no new entries in the GIN and btree indexes.
 * Applies to pages written from now on (a rebuild rewrites them all). Docs: docs/decisions.md, "The
 * search document of a bid is updated in place".
 */
export class SearchDocumentsFillfactor1764030000000 implements MigrationInterface {
  name = 'SearchDocumentsFillfactor1764030000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auction"."search_documents" SET (fillfactor = 70)`);
    await queryRunner.query(`ALTER TABLE "auction"."search_documents_building" SET (fillfactor = 70)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auction"."search_documents_building" RESET (fillfactor)`);
    await queryRunner.query(`ALTER TABLE "auction"."search_documents" RESET (fillfactor)`);
  }
}
