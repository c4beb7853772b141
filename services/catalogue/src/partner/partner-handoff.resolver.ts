import { Args, Query, Resolver } from '@nestjs/graphql';
import { CurrentBrand, Public } from '@trackside/platform';
import { BrandConfigurationService } from '../brand/brand-configuration.service';
import { PartnerHandoffObject } from './partner-handoff.object';
import { partnerHandoff, type PartnerHandoff } from './partner-handoff';

@Resolver()
export class PartnerHandoffResolver {
  constructor(private readonly configurations: BrandConfigurationService) {}

  /** Asked by the lot page when a visitor tries to bid on a network lot (docs/decisions.md "Partner-brand hand-off"). */
  @Query(() => PartnerHandoffObject, {
    nullable: true,
    description:
      'Where a lot owned by ownerBrand is bid on instead, when this brand is a group deployment listing that partner; null: bid here.',
  })
  @Public()
  async partnerHandoff(
    @Args('ownerBrand', { type: () => String }) ownerBrand: string,
    @Args('slug', { type: () => String }) slug: string,
    @CurrentBrand() brand: string,
  ): Promise<PartnerHandoff | null> {
    const { settings } = await this.configurations.get(brand);
    return partnerHandoff(settings.groupDeployment, brand, ownerBrand, slug.slice(0, 500));
  }
}
