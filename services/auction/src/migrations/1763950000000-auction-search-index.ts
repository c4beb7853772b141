import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The auction search index (src/search/postgres-search-index.ts): one document per lot, kept by the
 * `auction-search` processor. The tsvector is a stored generated column ('simple' configuration, so
 * brand and model names are not stemmed): title weight A, make/model/year B, descriptions C.
 * Not a TypeORM entity: it is the private storage of the search adapter, written in bulk SQL.
 */
export class AuctionSearchIndex1763950000000 implements MigrationInterface {
  name = 'AuctionSearchIndex1763950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "auction"."search_documents" (
         "id" uuid NOT NULL,
         "brand" text NOT NULL,
         "hosts" text array NOT NULL DEFAULT '{}',
         "status" text NOT NULL,
         "seller_type" text,
         "country" text,
         "make" text,
         "model" text,
         "year" text,
         "title" text NOT NULL,
         "description" text,
         "user_description" text,
         "start_price_cents" bigint NOT NULL DEFAULT 0,
         "top_bid_cents" bigint,
         "current_price_cents" bigint NOT NULL DEFAULT 0,
         "scheduled_start" TIMESTAMP WITH TIME ZONE,
         "final_end" TIMESTAMP WITH TIME ZONE,
         "cover_image" text,
         "slug" text NOT NULL,
         "currency" text NOT NULL,
         "version" integer NOT NULL,
         "search_vector" tsvector GENERATED ALWAYS AS (
           setweight(to_tsvector('simple'::regconfig, coalesce("title", '')), 'A') ||
           setweight(to_tsvector('simple'::regconfig, coalesce("make", '') || ' ' || coalesce("model", '') || ' ' || coalesce("year", '')), 'B') ||
           setweight(to_tsvector('simple'::regconfig, coalesce("description", '') || ' ' || coalesce("user_description", '')), 'C')
         ) STORED,
         CONSTRAINT "search_documents_pk" PRIMARY KEY ("id")
       )`,
    );
    await queryRunner.query(`CREATE INDEX "search_documents_vector_idx" ON "auction"."search_documents" USING GIN ("search_vector")`);
    await queryRunner.query(`CREATE INDEX "search_documents_hosts_idx" ON "auction"."search_documents" USING GIN ("hosts")`);
    await queryRunner.query(`CREATE INDEX "search_documents_brand_end_idx" ON "auction"."search_documents" ("brand", "final_end", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auction"."search_documents"`);
  }
}
