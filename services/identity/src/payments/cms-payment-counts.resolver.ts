import { Inject } from '@nestjs/common';
import { Field, GraphQLISODateTime, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CLOCK, type Clock, CurrentBrand, Staff } from '@trackside/platform';
import { IDENTITY_TYPES } from '../graphql/identity-graphql-types';

const WEEK_MS = 7 * 86_400_000;

/** Payment figures for the CMS home (docs/decisions.md "Staff lot lists and queue counts"). */
@ObjectType('CmsPaymentCounts', IDENTITY_TYPES)
export class CmsPaymentCountsObject {
  @Field(() => Int, { description: 'Payments of this brand now FAILED_PAYMENT that were created in the last 7 days.' })
  failedLast7Days: number;
  @Field(() => GraphQLISODateTime, { description: 'Start of the 7-day window.' }) since: Date;
}

@Resolver()
export class CmsPaymentCountsResolver {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Payments are money and card outcomes of named users: only superAdmins see them (no CMS flag covers payments). */
  @Query(() => CmsPaymentCountsObject, { description: 'Failed payments of the last 7 days (superAdmin).' })
  @Staff('superAdmin')
  async cmsPaymentCounts(@CurrentBrand() brand: string): Promise<CmsPaymentCountsObject> {
    const since = new Date(this.clock.now().getTime() - WEEK_MS);
    const rows = await this.db.query(
      `SELECT count(*)::int AS failed FROM identity.payments WHERE brand = $1 AND status = 'FAILED_PAYMENT' AND created_at >= $2`,
      [brand, since],
    );
    return { failedLast7Days: Number((rows as Array<{ failed: number }>)[0]?.failed ?? 0), since };
  }
}
