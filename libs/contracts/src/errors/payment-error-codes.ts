/**
 * The payments and promotions catalogue (spec 000 sections 5 and 8, spec 002 section 8), shared by
 * the identity service (REST body `code`, GraphQL `extensions.code`) and the web app. The spec's
 * wording is kept exactly, spelling slips included; ids the spec does not name follow the same
 * style (docs/decisions.md "Payments").
 */
export const PAYMENT_ERROR_MESSAGES = {
  // Spec 000 section 6: payment calls without a token.
  Unauthorized: 'Unauthorized',

  // Card confirmation failures (spec 000 section 8).
  'payment.card.cvv': 'Card CVV incorrect',
  'payment.card.postalCode': 'Card postal code incorrect',
  'payment.card.expiration': 'Card expiration date incorrect',
  'payment.card.declined': 'Card declined',
  'payment.api': 'Payment API Error',

  // Other payment errors of the spec.
  'payment.intent.api': 'PaymentIntent API Error',
  'payment.setupIntent.api': 'SetupIntent API Error',
  'payment.crypto.api': 'Crypto Payment API Error',
  'payment.disabled': "Payment's are currently disabled. Please try again later.",
  'payment.terms.required': 'You must agree to the terms to continue forward',

  // Ids we added (the spec does not show these failures).
  'payment.validation': 'Please check the payment details.',
  'payment.package.notFound': 'This pricing package is not available.',
  'payment.option.notAvailable': 'This payment option is not available for this package.',
  'payment.amount.mismatch': 'The amount does not match the price of this package. Please reload and try again.',
  'payment.item.notFound': 'The item you are paying for does not exist.',
  'payment.item.paid': 'This item has already been paid.',
  // Paying for another user's item (issue 17): the spec's access wording (libs/contracts catalogue messages).
  'payment.access.denied': 'Access denied...',
  'payment.notFound': 'This payment does not exist.',
  'payment.savedCard.notFound': 'You have no saved card.',
  'payment.provider.notConfigured': 'This payment provider is not available.',
  'payment.webhook.signature': 'The webhook signature is invalid.',
  // Fail closed, notifications, card numbers, next actions, crypto (issue 17; docs/payments.md).
  // The answer's message names the brand and provider (providerUnavailableMessage); this is the generic text.
  'payment.provider.unavailable': 'Payments are unavailable for this brand: its payment provider has no keys configured.',
  'payment.webhook.replayed': 'This notification has already been processed.',
  'payment.card.rawNumber': 'Card numbers are entered in the secure card form only; they must not be sent to our server.',
  'payment.notPending': 'This payment is not waiting for an action.',
  'payment.crypto.notEnabled': 'Crypto.com Pay is not available for this brand.',
  // Per-brand provider secrets in the CMS (docs/payments.md "Per-brand secrets").
  'payment.secrets.keyMissing': 'Provider secrets cannot be stored: the server has no PAYMENT_SECRETS_KEY.',
  'payment.secrets.validation': 'Please check the provider secret: one line, no spaces, at most 500 characters.',

  // Promotions (spec 000 section 5, spec 002 section 5).
  'promotion.code.provide': 'Please enter a promotion code',
  'promotion.invalid': 'Invalid promotion code',
  'promotion.redeemed': 'This promotion code has already been redeemed.',
  'promotion.validation': 'Please check the promotion details.',
  'promotion.notFound': 'This promotion does not exist.',
  'coupon.notFound': 'This coupon does not exist.',
  'coupon.validation': 'Please check the coupon details.',
} as const;

export type PaymentErrorCode = keyof typeof PAYMENT_ERROR_MESSAGES;

/** The message of `payment.provider.unavailable`, naming the brand and its provider. */
export function providerUnavailableMessage(brand: string, provider: string): string {
  return `Payments are unavailable for ${brand}: ${provider} has no keys configured.`;
}

/**
 * Every other payment wording, the server's and the payment forms' (spec 000 sections 5 and 8,
 * spec 001 section 7): one catalogue (the web app had a second, different PAYMENT_MESSAGES).
 */
export const PAYMENT_MESSAGES = {
  // Successful outcomes.
  promoCodeApplied: 'Promo code applied',
  cardSaved: "You're card has been saved.",
  holdSubmitted: 'Hold submitted.',
  paymentReceived: 'Payment received.',
  // The payment forms' checks and the card provider's refusals as the forms show them.
  terms: 'You must agree to the terms to continue forward',
  promoEmpty: 'Please enter a promotion code',
  promoInvalid: 'Invalid promotion code',
  unauthorized: 'Unauthorized',
  cvv: 'Card CVV incorrect',
  postal: 'Card postal code incorrect',
  expiration: 'Card expiration date incorrect',
  declined: 'Card declined',
  paymentApi: 'Payment API Error',
  intentApi: 'PaymentIntent API Error',
  disabled: "Payment's are currently disabled. Please try again later.",
  // Fallbacks.
  somethingWentWrong: 'Something went wrong. Please try again.',
  unexpectedError: 'An unexpected error occurred',
} as const;
