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
