import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { DIRECTORY_MESSAGES } from '@trackside/contracts';
import { CurrentBrand, CurrentUser, SignedIn, type AuthUser } from '@trackside/platform';
import { assertSameBrand } from '../common/catalogue-error';
import { DirectoriesService } from './directories.service';
import { DirectorySubscriptionsService } from './directory-subscriptions.service';
import type { DirectoryObject } from './directory.object';

/** The directory's REST calls of spec 002 section 7 (errors: `{ statusCode, code, message }`). */
@Controller('directories')
export class DirectoriesController {
  constructor(
    private readonly directories: DirectoriesService,
    private readonly subscriptions: DirectorySubscriptionsService,
  ) {}

  /** The key travels in the path (the route /directory/claim/{key} of the web app). */
  @Post('claim/:key')
  @HttpCode(200)
  @SignedIn()
  async claim(
    @Param('key') key: string,
    @Body() body: { brand?: string } | undefined,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<{ message: string; directory: DirectoryObject }> {
    assertSameBrand(body?.brand, brand);
    const directory = await this.directories.claim(brand, user, key);
    return { message: DIRECTORY_MESSAGES.claimed, directory };
  }

  /** Keeps the Featured plan until the paid period ends (the answer's subscriptionPeriodEnd), then it ends. */
  @Post('cancel/:id')
  @HttpCode(200)
  @SignedIn()
  async cancel(
    @Param('id') id: string,
    @Body() body: { brand?: string } | undefined,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<{ message: string; directory: DirectoryObject }> {
    assertSameBrand(body?.brand, brand);
    const directory = await this.subscriptions.cancel(brand, user, id);
    return { message: DIRECTORY_MESSAGES.cancelled, directory };
  }
}
