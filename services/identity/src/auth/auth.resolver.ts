import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentBrand, CurrentUser, Public, SignedIn, type AuthUser, type PlatformRequest } from '@trackside/platform';
import { assertSameBrand } from '../common/auth-error';
import { clientAddress } from '../common/client-address';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { LoginPayload, PasswordPayload } from '../graphql/auth-payloads';
import { toAuthUser, toUserObject } from '../users/user.mapper';
import { AuthService, type SignedIn as SignedInResult } from './auth.service';
import { SessionRevocation } from './session-revocation';

/**
 * loginUser, registerUser, forgotPasswordBrand and resetPasswordBrand (spec 000 section 7).
 * Arguments are nullable on purpose: a missing email or password gets the spec's message
 * (Auth.form.error.email.provide, ...) rather than a schema error.
 */
@Resolver()
export class AuthResolver {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionRevocation,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Mutation(() => LoginPayload)
  @Public()
  async loginUser(
    @Args('email', { type: () => String, nullable: true }) email: string | null,
    @Args('password', { type: () => String, nullable: true }) password: string | null,
    @Args('brand', { type: () => String, nullable: true }) brandArg: string | null,
    @CurrentBrand() brand: string,
    @Context('req') req: PlatformRequest,
  ): Promise<LoginPayload> {
    assertSameBrand(brandArg, brand);
    return present(await this.auth.login({ email, password }, brand, clientAddress(req, this.config.TRUST_PROXY)));
  }

  @Mutation(() => LoginPayload)
  @Public()
  async registerUser(
    @Args('email', { type: () => String, nullable: true }) email: string | null,
    @Args('password', { type: () => String, nullable: true }) password: string | null,
    @Args('brand', { type: () => String, nullable: true }) brandArg: string | null,
    @Args('username', { type: () => String, nullable: true }) username: string | null,
    @Args('firstName', { type: () => String, nullable: true }) firstName: string | null,
    @Args('lastName', { type: () => String, nullable: true }) lastName: string | null,
    @CurrentBrand() brand: string,
    @Context('req') req: PlatformRequest,
  ): Promise<LoginPayload> {
    assertSameBrand(brandArg, brand);
    const address = clientAddress(req, this.config.TRUST_PROXY);
    return present(await this.auth.register({ email, password, username, firstName, lastName }, brand, address));
  }

  @Mutation(() => PasswordPayload, { description: 'Always ok: whether the account exists is not revealed.' })
  @Public()
  async forgotPasswordBrand(
    @Args('email', { type: () => String, nullable: true }) email: string | null,
    @Args('brand', { type: () => String, nullable: true }) brandArg: string | null,
    @CurrentBrand() brand: string,
    @Context('req') req: PlatformRequest,
  ): Promise<PasswordPayload> {
    assertSameBrand(brandArg, brand);
    await this.auth.forgotPassword(email, brand, clientAddress(req, this.config.TRUST_PROXY));
    return { ok: true };
  }

  @Mutation(() => LoginPayload, { description: 'Accepts the code of a reset or an invitation email, once.' })
  @Public()
  async resetPasswordBrand(
    @Args('password', { type: () => String, nullable: true }) password: string | null,
    @Args('passwordConfirmation', { type: () => String, nullable: true }) passwordConfirmation: string | null,
    @Args('code', { type: () => String, nullable: true }) code: string | null,
    @Args('brand', { type: () => String, nullable: true }) brandArg: string | null,
    @CurrentBrand() brand: string,
  ): Promise<LoginPayload> {
    assertSameBrand(brandArg, brand);
    return present(await this.auth.resetPassword({ password, passwordConfirmation, code }, brand));
  }

  @Mutation(() => PasswordPayload, {
    description:
      'Signs the account out on every device: every token issued so far, this one included, stops working and its sockets close.',
  })
  @SignedIn()
  async logoutEverywhere(@CurrentUser() user: AuthUser, @CurrentBrand() brand: string): Promise<PasswordPayload> {
    await this.sessions.revokeAll(brand, user.id);
    return { ok: true };
  }
}

function present(result: SignedInResult): LoginPayload {
  return { jwt: result.jwt, user: toUserObject(result.user, toAuthUser(result.user)), message: result.message };
}
