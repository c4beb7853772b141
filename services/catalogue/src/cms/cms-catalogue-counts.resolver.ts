import { Field, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CurrentBrand, Staff } from '@trackside/platform';
import { CATALOGUE_TYPES } from '../graphql/catalogue-graphql-types';

/** What waits for the brand's website staff, for the CMS home (docs/decisions.md "Staff lot lists and queue counts"). */
@ObjectType('CmsCatalogueCounts', CATALOGUE_TYPES)
export class CmsCatalogueCountsObject {
  @Field(() => Int, { description: 'Directory entries waiting for review (status pending).' }) directoriesPending: number;
  @Field(() => Int, {
    description:
      'Paddock listings waiting for review: PENDING and not waiting for their package payment (an UNPAID listing cannot be approved yet).',
  })
  listingsPending: number;
}

@Resolver()
export class CmsCatalogueCountsResolver {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Query(() => CmsCatalogueCountsObject, { description: 'Sizes of the directory and Paddock review queues (staff).' })
  @Staff('websiteEnabled')
  async cmsCatalogueCounts(@CurrentBrand() brand: string): Promise<CmsCatalogueCountsObject> {
    const rows = await this.db.query(
      `SELECT (SELECT count(*) FROM catalogue.directories WHERE brand = $1 AND status = 'pending')::int AS directories,
              (SELECT count(*) FROM catalogue.listings
                WHERE brand = $1 AND status = 'PENDING' AND payment_status IS DISTINCT FROM 'UNPAID')::int AS listings`,
      [brand],
    );
    const row = (rows as Array<{ directories: number; listings: number }>)[0];
    return { directoriesPending: Number(row?.directories ?? 0), listingsPending: Number(row?.listings ?? 0) };
  }
}
