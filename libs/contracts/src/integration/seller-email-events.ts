import { z } from 'zod';
import { eventDecoder, field } from '../codec/event-codec';

/**
 * "Email the seller" as an integration event: the auction service records the request (it owns the
 * lot's contact address) and appends `SellerEmailRequested`; identity's email outbox delivers it.
 * docs/decisions.md "Email the seller".
 */
export const SELLER_EMAIL_STREAM_PREFIX = 'seller-email-';
export const SELLER_EMAIL_REQUESTED = 'SellerEmailRequested';

export const sellerEmailStreamId = (emailId: string): string => `${SELLER_EMAIL_STREAM_PREFIX}${emailId}`;

/** Version 1 data; readers ignore unknown fields. */
export interface SellerEmailRequestedData {
  emailId: string;
  brand: string;
  lotId: string;
  senderId: string;
  /** The lot's contact address (never shown to the sender). */
  to: string;
  replyTo: string;
  subject: string;
  header: string;
  subheader: string;
  content: string;
  requestedAt: string;
}

/** Version-tolerant decoder of `SellerEmailRequested`: the recipient and the lot are required. */
export const decodeSellerEmailRequested = eventDecoder(
  SELLER_EMAIL_REQUESTED,
  z.object({
    emailId: field.text(),
    brand: field.text(),
    lotId: field.id(),
    senderId: field.text(),
    to: field.id(),
    replyTo: field.text(),
    subject: field.text(),
    header: field.text(),
    subheader: field.text(),
    content: field.text(),
    requestedAt: field.text(),
  }) satisfies z.ZodType<SellerEmailRequestedData>,
);
