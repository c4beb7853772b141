import { Controller, Get, Param, Query, Redirect, Req, Res } from '@nestjs/common';
import { CurrentBrand, Public, type PlatformRequest } from '@trackside/platform';
import type { ServerResponse } from 'node:http';
import { assertSameBrand } from '../common/auth-error';
import { toAuthUser, toUserObject } from '../users/user.mapper';
import type { UserObject } from '../graphql/user.object';
import { SocialSignIn } from './social-sign-in.service';

/** The cookie that ties a started sign-in to the browser that started it (login CSRF). */
export const SOCIAL_BINDING_COOKIE = 'trackside_social';

/**
 * Social sign-in over REST (spec 000 section 7): GET /connect/{provider} sends the browser to the
 * provider; GET /auth/{provider}/callback, called by the web app's return page with the original
 * query string plus brand, answers `{ jwt, user }`. Failures answer 400 with the spec's message
 * and an id in `code`; the page shows the message.
 */
@Controller()
export class SocialController {
  constructor(private readonly social: SocialSignIn) {}

  @Get('connect/:provider')
  @Redirect()
  @Public()
  async connect(
    @Param('provider') provider: string,
    @Query('brand') brandArg: unknown,
    @CurrentBrand() brand: string,
    @Res({ passthrough: true }) res: ServerResponse,
  ): Promise<{ url: string; statusCode: number }> {
    assertSameBrand(typeof brandArg === 'string' ? brandArg : null, brand);
    const started = await this.social.start(brand, provider);
    const secure = this.social.redirectUri(brand, provider).startsWith('https:') ? '; Secure' : '';
    res.setHeader(
      'set-cookie',
      `${SOCIAL_BINDING_COOKIE}=${started.binding}; Max-Age=${started.ttlSeconds}; Path=/auth; HttpOnly; SameSite=Lax${secure}`,
    );
    res.setHeader('cache-control', 'no-store');
    return { url: started.url, statusCode: 302 };
  }

  @Get('auth/:provider/callback')
  @Public()
  async callback(
    @Param('provider') provider: string,
    @Query() query: Record<string, unknown>,
    @CurrentBrand() brand: string,
    @Req() req: PlatformRequest,
    @Res({ passthrough: true }) res: ServerResponse,
  ): Promise<{ jwt: string; user: UserObject }> {
    assertSameBrand(typeof query.brand === 'string' ? query.brand : null, brand);
    res.setHeader('cache-control', 'no-store');
    // Whatever the outcome, the binding has served its purpose.
    res.setHeader('set-cookie', `${SOCIAL_BINDING_COOKIE}=; Max-Age=0; Path=/auth; HttpOnly; SameSite=Lax`);
    const signedIn = await this.social.callback(brand, provider, query, cookie(req.headers.cookie, SOCIAL_BINDING_COOKIE));
    return { jwt: signedIn.jwt, user: toUserObject(signedIn.user, toAuthUser(signedIn.user)) };
  }
}

function cookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim() || null;
  }
  return null;
}
