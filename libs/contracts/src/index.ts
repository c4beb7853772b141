export * from './errors';
export { AUTH_ERROR_MESSAGES, AUTH_MESSAGES, authMessageFor, type AuthErrorCode } from './errors/auth-error-codes';
export * from './errors/comment-error-codes';
export * from './errors/social-contact-messages';
export * from './integration';
export * from './feed';
export { PAYMENT_ERROR_MESSAGES, PAYMENT_MESSAGES, type PaymentErrorCode } from './errors/payment-error-codes';
export * from './payments';
export * from './catalogue';
