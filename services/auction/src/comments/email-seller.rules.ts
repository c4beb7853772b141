import { COMMENT_LIMITS, commentMessageFor, type CommentErrorCode } from '@trackside/contracts';

/**
 * "Email the seller" rules (spec 001 section 5), pure: the sender must be signed in, subject and
 * message are required and bounded, and the seller needs an address the lot recorded.
 */
export type SellerEmailCheck =
  { ok: true; subject: string; body: string; replyTo: string } | { ok: false; code: CommentErrorCode; message: string };

export interface SellerEmailRequest {
  sender: { email: string } | null;
  subject: unknown;
  body: unknown;
}

const refuse = (code: CommentErrorCode): SellerEmailCheck => ({ ok: false, code, message: commentMessageFor(code) });
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const length = (value: string): number => Array.from(value).length;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks in this order: signed in, subject, message, the sender's reply address. */
export function checkSellerEmail(request: SellerEmailRequest): SellerEmailCheck {
  if (!request.sender) return refuse('email.login.required');
  const subject = text(request.subject);
  if (!subject) return refuse('email.subject.required');
  if (length(subject) > COMMENT_LIMITS.emailSubjectMaxLength) return refuse('email.subject.tooLong');
  const body = text(request.body);
  if (!body) return refuse('email.body.required');
  if (length(body) > COMMENT_LIMITS.emailBodyMaxLength) return refuse('email.body.tooLong');
  const replyTo = text(request.sender.email);
  if (!EMAIL.test(replyTo)) return refuse('email.sender.noAddress');
  // A subject travels in a mail header: line breaks there would let a sender inject headers.
  return { ok: true, subject: subject.replace(/[\r\n]+/g, ' '), body, replyTo };
}

/**
 * The seller's address: the lot's contact email. LotCreated records no account email, so there is
 * no other address to fall back to (the wizard requires the contact email; docs/decisions.md).
 */
export function sellerAddressOf(contactInfo: { email?: string | null } | null | undefined): string | null {
  const email = text(contactInfo?.email);
  return EMAIL.test(email) ? email : null;
}
