import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './payment-provider.port';

/**
 * The `t=<unix seconds>,v1=<hex hmac-sha256 of "t.body">` signature scheme (Stripe's, also used by
 * Crypto.com Pay and by our sandbox). Checks every v1 value in constant time and the replay window.
 */
export function verifySignedHeader(rawBody: Buffer, header: string | null, secret: string, toleranceSeconds: number, now: Date): void {
  if (!header) throw new WebhookSignatureError('missing signature header');
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const key = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) throw new WebhookSignatureError('malformed signature header');
  const expected = Buffer.from(signPayload(rawBody, secret, timestamp), 'hex');
  const matches = signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
  if (!matches) throw new WebhookSignatureError('signature mismatch');
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) throw new WebhookSignatureError('timestamp outside the tolerance');
}

export function signPayload(rawBody: Buffer | string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** Builds a header for a payload (the sandbox's own notifications, tests). */
export function signedHeader(rawBody: Buffer | string, secret: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${signPayload(rawBody, secret, timestamp)}`;
}
