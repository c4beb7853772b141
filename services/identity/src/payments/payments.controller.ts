import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { PAYMENT_ERROR_MESSAGES } from '@trackside/contracts';
import { ApiError, CurrentBrand, CurrentUser, Public, type AuthUser, type PlatformRequest } from '@trackside/platform';
import { assertSameBrand } from '../common/auth-error';
import { paymentError } from './card-errors';
import { assertNoCardNumber } from './card-number-guard';
import { PaymentActionsService } from './payment-actions.service';
import { bodyOf } from './payment-request';
import { PaymentWebhooksService } from './payment-webhooks.service';
import { PaymentsService } from './payments.service';
import { CryptoPaymentsService } from './crypto-payments.service';

/** 'Unauthorized' without a token (spec 000 section 6); the access guard already refused bad tokens. */
function signedIn(user: AuthUser | null): AuthUser {
  if (!user) throw paymentError('Unauthorized', 'unauthenticated');
  return user;
}

/** Every payment body: no card numbers (refused before anything reads it), and the brand it claims is the request's. */
function sameBrand(body: unknown, brand: string): void {
  assertNoCardNumber(body);
  const claimed = bodyOf(body).brand;
  assertSameBrand(typeof claimed === 'string' ? claimed : null, brand);
}

/**
 * The payment calls of spec 000 section 7 (the gateway proxies /payment/* and /cro/* here). They
 * are Public at the guard so a call without a token gets the spec's 'Unauthorized' rather than
 * 'Forbidden'; each handler requires the user itself.
 */
@Controller()
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly webhooks: PaymentWebhooksService,
    private readonly actions: PaymentActionsService,
    private readonly crypto: CryptoPaymentsService,
  ) {}

  /** What the payment dialog shows for the brand (which card element, keys, crypto); no token needed. */
  @Post('payment/settings')
  @HttpCode(200)
  @Public()
  settings(@Body() body: unknown, @CurrentBrand() brand: string) {
    sameBrand(body, brand);
    return this.actions.settings(brand);
  }

  @Post('payment/status')
  @HttpCode(200)
  @Public()
  status(@Body() body: unknown, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser | null) {
    const actor = signedIn(user);
    sameBrand(body, brand);
    return this.actions.status(actor, brand, body);
  }

  @Post('payment/sandbox/challenge')
  @HttpCode(200)
  @Public()
  sandboxChallenge(@Body() body: unknown, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser | null) {
    const actor = signedIn(user);
    sameBrand(body, brand);
    return this.actions.sandboxChallenge(actor, brand, body);
  }

  @Post('payment/sandbox/crypto')
  @HttpCode(200)
  @Public()
  sandboxCrypto(@Body() body: unknown, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser | null) {
    const actor = signedIn(user);
    sameBrand(body, brand);
    return this.actions.sandboxCrypto(actor, brand, body);
  }

  @Post('payment/saved-cards')
  @HttpCode(200)
  @Public()
  savedCards(@Body() body: unknown, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser | null) {
    const actor = signedIn(user);
    sameBrand(body, brand);
    return this.actions.savedCardList(actor, brand);
  }

  @Post('payment/saved-cards/remove')
  @HttpCode(200)
  @Public()
  removeSavedCard(@Body() body: unknown, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser | null) {
    const actor = signedIn(user);
    sameBrand(body, brand);
    return this.actions.removeSavedCard(actor, brand, body);
  }

  @Post('payment/payment-intent')
  @HttpCode(200)
  @Public()
  paymentIntent(@Body() body: unknown, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser | null) {
    const actor = signedIn(user);
    sameBrand(body, brand);
    return this.payments.paymentIntent(actor, brand, body);
  }

  @Post('payment/setup-intent')
  @HttpCode(200)
  @Public()
  setupIntent(@Body() body: unknown, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser | null) {
    const actor = signedIn(user);
    sameBrand(body, brand);
    return this.payments.setupIntent(actor, brand, body);
  }

  @Post('payment/confirm-payment')
  @HttpCode(200)
  @Public()
  confirmPayment(@Body() body: unknown, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser | null) {
    const actor = signedIn(user);
    sameBrand(body, brand);
    return this.payments.confirmPayment(actor, brand, body);
  }

  @Post('cro/payments')
  @HttpCode(200)
  @Public()
  cryptoPayment(@Body() body: unknown, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser | null) {
    const actor = signedIn(user);
    sameBrand(body, brand);
    return this.crypto.cryptoPayment(actor, brand, body);
  }

  @Post('payment/getCustomerSavedCardDetails')
  @HttpCode(200)
  @Public()
  savedCard(@Body() body: unknown, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser | null) {
    const actor = signedIn(user);
    sameBrand(body, brand);
    return this.payments.savedCard(actor, brand);
  }

  @Post('payment/confirm-card-and-save')
  @HttpCode(200)
  @Public()
  confirmCardAndSave(@Body() body: unknown, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser | null) {
    const actor = signedIn(user);
    sameBrand(body, brand);
    return this.payments.confirmCardAndSave(actor, brand, body);
  }

  /** Provider notifications: /webhooks/payment/{sandbox|stripe|square|crypto-com}, signature-checked over the raw body. */
  @Post('webhooks/payment/:provider')
  @HttpCode(200)
  @Public()
  webhook(@Param('provider') provider: string, @Req() req: PlatformRequest & { rawBody?: Buffer }) {
    if (!/^[a-z-]{1,20}$/.test(provider))
      throw new ApiError('payment.provider.notConfigured', PAYMENT_ERROR_MESSAGES['payment.provider.notConfigured'], undefined, 404);
    return this.webhooks.receive(provider, req.rawBody, req.headers);
  }

  /** A brand's own notifications (/webhooks/payment/<provider>/<brand>), verified with the webhook secret it stored in the CMS. */
  @Post('webhooks/payment/:provider/:brand')
  @HttpCode(200)
  @Public()
  brandWebhook(@Param('provider') provider: string, @Param('brand') brand: string, @Req() req: PlatformRequest & { rawBody?: Buffer }) {
    if (!/^[a-z-]{1,20}$/.test(provider) || !/^[a-z0-9-]{1,64}$/.test(brand))
      throw new ApiError('payment.provider.notConfigured', PAYMENT_ERROR_MESSAGES['payment.provider.notConfigured'], undefined, 404);
    return this.webhooks.receive(provider, req.rawBody, req.headers, brand);
  }
}
