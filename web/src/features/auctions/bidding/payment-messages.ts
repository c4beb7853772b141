/** Payment wording of spec 000 sections 5 and 8. */
export const PAYMENT_MESSAGES = {
  terms: 'You must agree to the terms to continue forward',
  promoEmpty: 'Please enter a promotion code',
  promoInvalid: 'Invalid promotion code',
  promoApplied: 'Promo code applied',
  holdSubmitted: 'Hold submitted.',
  unauthorized: 'Unauthorized',
  cvv: 'Card CVV incorrect',
  postal: 'Card postal code incorrect',
  expiration: 'Card expiration date incorrect',
  declined: 'Card declined',
  paymentApi: 'Payment API Error',
  intentApi: 'PaymentIntent API Error',
  generic: 'Something went wrong. Please try again.',
  unexpected: 'An unexpected error occurred',
  disabled: "Payment's are currently disabled. Please try again later.",
} as const;
