export * from './errors';
export { AUTH_ERROR_MESSAGES, AUTH_MESSAGES, authMessageFor, type AuthErrorCode } from './errors/auth-error-codes';
export * from './errors/comment-error-codes';
export * from './errors/social-contact-messages';
export * from './feed';
export * from './catalogue';
