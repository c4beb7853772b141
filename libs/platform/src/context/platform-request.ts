import type { IncomingMessage } from 'node:http';
import type { RequestContext } from './request-context';

/** The HTTP request as the platform middleware leaves it. */
export interface PlatformRequest extends IncomingMessage {
  trackside?: RequestContext & { tokenInvalid: boolean };
}
