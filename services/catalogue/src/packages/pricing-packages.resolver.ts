import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentBrand, CurrentUser, Public, Staff, type AuthUser } from '@trackside/platform';
import {
  CreatePricingPackageInput,
  CreatePricingPackagePayload,
  PricingPackageObject,
  PricingPackageWhereInput,
  UpdatePricingPackageInput,
  UpdatePricingPackagePayload,
} from './pricing-package.object';
import { PricingPackagesService } from './pricing-packages.service';

@Resolver()
export class PricingPackagesResolver {
  constructor(private readonly packages: PricingPackagesService) {}

  @Query(() => [PricingPackageObject], { description: 'Packages of the brand, by weighting. Visitors get enabled ones only.' })
  @Public()
  async pricingPackages(
    @Args('where', { type: () => PricingPackageWhereInput, nullable: true }) where: PricingPackageWhereInput | null,
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @Args('sort', { type: () => String, nullable: true }) sort: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<PricingPackageObject[]> {
    const staff = !!user && (user.permissions.superAdmin || user.permissions.websiteEnabled);
    return this.packages.list(brand, where, { staff, start, limit, sort });
  }

  @Query(() => PricingPackageObject, { nullable: true })
  @Public()
  async pricingPackage(@Args('id', { type: () => ID }) id: string, @CurrentBrand() brand: string): Promise<PricingPackageObject | null> {
    return this.packages.get(brand, id);
  }

  @Mutation(() => CreatePricingPackagePayload)
  @Staff('websiteEnabled')
  async createPricingPackage(
    @Args('input') input: CreatePricingPackageInput,
    @CurrentBrand() brand: string,
  ): Promise<CreatePricingPackagePayload> {
    return { pricingPackage: await this.packages.create(brand, input.data) };
  }

  @Mutation(() => UpdatePricingPackagePayload)
  @Staff('websiteEnabled')
  async updatePricingPackage(
    @Args('input') input: UpdatePricingPackageInput,
    @CurrentBrand() brand: string,
  ): Promise<UpdatePricingPackagePayload> {
    return { pricingPackage: await this.packages.update(brand, input.where.id, input.data) };
  }
}
