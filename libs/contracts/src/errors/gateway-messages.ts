/**
 * The gateway's own answers on REST paths (not GraphQL): the body's `message` of a path it cannot
 * route or a service behind it that does not answer. Texts are the API's; keep them as they are.
 */
export const GATEWAY_MESSAGES = {
  /** 502 from the REST proxy: the service behind the path refused the connection or timed out. */
  upstreamUnavailable: 'The service behind this path is unavailable.',
  /** 404 for a path no service serves. */
  notFound: 'Not Found',
  /** GraphQL TOO_MANY_REQUESTS (429): a user's or an address's query or mutation rate limit. */
  tooManyRequests: 'Too many requests, please try again later.',
  /** GraphQL BAD_USER_INPUT: a text input carries a NUL character (PostgreSQL text cannot hold one). */
  nulInput: 'Text inputs may not contain NUL (\\u0000) characters.',
  /** GraphQL SERVICE_UNAVAILABLE (503): a multipart upload before the composed schema has loaded. */
  starting: 'The API is starting, please retry.',
  /** 400 for a multipart request without an Authorization or Apollo-Require-Preflight header (a possible CSRF). */
  csrfBlocked:
    'This multipart request has been blocked as a potential Cross-Site Request Forgery (CSRF): send an Authorization or Apollo-Require-Preflight header.',
} as const;
