import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentBrand, CurrentUser, Public, Staff, type AuthUser } from '@trackside/platform';
import type { SocialProviderEntity } from '../persistence';
import { StaffUsersService } from '../staff/staff-users.service';
import { SocialProviderButtonObject, SocialProviderInput, SocialProviderObject } from './social-provider.object';
import { SocialProviders } from './social-providers.service';
import { SocialSignIn } from './social-sign-in.service';

/** Staff (superAdmin) configure the brand's sign-in providers; visitors see the enabled ones. */
@Resolver(() => SocialProviderObject)
export class SocialProvidersResolver {
  constructor(
    private readonly providers: SocialProviders,
    private readonly social: SocialSignIn,
    private readonly staff: StaffUsersService,
  ) {}

  @Query(() => [SocialProviderButtonObject], { description: 'The brand’s enabled social sign-in providers.' })
  @Public()
  async socialProvidersByBrand(@CurrentBrand() brand: string): Promise<SocialProviderButtonObject[]> {
    return (await this.providers.listEnabled(brand)).map((row) => ({
      provider: row.provider,
      displayName: row.displayName,
      connectUrl: `/connect/${row.provider}`,
    }));
  }

  @Query(() => [SocialProviderObject], { description: 'superAdmin: the brand’s social sign-in providers (secrets never shown).' })
  @Staff('superAdmin')
  async socialProviders(@CurrentBrand() brand: string, @CurrentUser() actor: AuthUser): Promise<SocialProviderObject[]> {
    await this.staff.requireStaff(brand, actor, 'superAdmin');
    return (await this.providers.list(brand)).map((row) => this.toObject(row));
  }

  @Mutation(() => SocialProviderObject, { description: 'superAdmin: adds or changes a provider of the brand.' })
  @Staff('superAdmin')
  async upsertSocialProvider(
    @Args('input', { type: () => SocialProviderInput }) input: SocialProviderInput,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<SocialProviderObject> {
    await this.staff.requireStaff(brand, actor, 'superAdmin');
    return this.toObject(await this.providers.upsert(brand, input));
  }

  @Mutation(() => Boolean, { description: 'superAdmin: removes a provider; linked accounts keep their other sign-in methods.' })
  @Staff('superAdmin')
  async deleteSocialProvider(
    @Args('provider', { type: () => String }) provider: string,
    @CurrentBrand() brand: string,
    @CurrentUser() actor: AuthUser,
  ): Promise<boolean> {
    await this.staff.requireStaff(brand, actor, 'superAdmin');
    return this.providers.remove(brand, provider);
  }

  private toObject(row: SocialProviderEntity): SocialProviderObject {
    return {
      provider: row.provider,
      displayName: row.displayName,
      issuer: row.issuer,
      authorizationEndpoint: row.authorizationEndpoint,
      tokenEndpoint: row.tokenEndpoint,
      userinfoEndpoint: row.userinfoEndpoint,
      clientId: row.clientId,
      hasClientSecret: row.clientSecretSealed !== null,
      scopes: row.scopes,
      enabled: row.enabled,
      redirectUri: this.social.redirectUri(row.brand, row.provider),
      updated_at: row.updatedAt,
    };
  }
}
