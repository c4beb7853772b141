/**
 * The gateway's own answers on REST paths (not GraphQL): the body's `message` of a path it cannot
 * route or a service behind it that does not answer. Texts are the API's; keep them as they are.
 */
export const GATEWAY_MESSAGES = {
  /** 502 from the REST proxy: the service behind the path refused the connection or timed out. */
  upstreamUnavailable: 'The service behind this path is unavailable.',
  /** 404 for a path no service serves. */
  notFound: 'Not Found',
} as const;
