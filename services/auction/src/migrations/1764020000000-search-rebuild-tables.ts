import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zero-downtime rebuilds of the PostgreSQL auction search (src/search/postgres-search-index.ts,
 * docs/decisions.md "PostgreSQL auction search rebuilds into a shadow table"): the `auction-search`
 * processor's replay writes into `search_documents_building` while searches keep reading
 * `search_documents`, and when the replay reaches the head of the log one transaction makes
 * `search_documents` equal to it. `search_rebuild` holds one row while such a rebuild is under way
 * (a leader that takes over mid-rebuild keeps writing into the building table). The building table
 * has the document columns of `search_documents` (a migration adding one adds it to both) without
 * the tsvector and its indexes: nothing searches it. No entities: the search adapter's own storage.
 */
export class SearchRebuildTables1764020000000 implements MigrationInterface {
  name = 'SearchRebuildTables1764020000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "auction"."search_documents_building" (LIKE "auction"."search_documents" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
    );
    await queryRunner.query(`ALTER TABLE "auction"."search_documents_building" DROP COLUMN "search_vector"`);
    await queryRunner.query(
      `ALTER TABLE "auction"."search_documents_building" ADD CONSTRAINT "search_documents_building_pk" PRIMARY KEY ("id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "auction"."search_rebuild" (
         "singleton" boolean NOT NULL DEFAULT true,
         "started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
         CONSTRAINT "search_rebuild_pk" PRIMARY KEY ("singleton"),
         CONSTRAINT "search_rebuild_singleton" CHECK ("singleton")
       )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auction"."search_rebuild"`);
    await queryRunner.query(`DROP TABLE "auction"."search_documents_building"`);
  }
}
