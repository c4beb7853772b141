import { describe, expect, it } from 'vitest';
import { COMMENT_LIMITS, commentMessageFor, type CommentErrorCode } from '@trackside/contracts';
import { checkSellerEmail, sellerAddressOf, type SellerEmailCheck } from './email-seller.rules';

const sender = { email: 'bidder@example.test' };
const refused = (code: CommentErrorCode): SellerEmailCheck => ({ ok: false, code, message: commentMessageFor(code) });

describe('email the seller: rules', () => {
  it('accepts a trimmed subject and message with the sender as reply address', () => {
    expect(checkSellerEmail({ sender, subject: '  Service history? ', body: ' Hello, is it original?  ' })).toEqual({
      ok: true,
      subject: 'Service history?',
      body: 'Hello, is it original?',
      replyTo: 'bidder@example.test',
    });
  });

  it('uses the spec’s messages, login first', () => {
    expect(checkSellerEmail({ sender: null, subject: '', body: '' })).toEqual(refused('email.login.required'));
    expect(commentMessageFor('email.login.required')).toBe('Must be logged in to send email.');
    expect(checkSellerEmail({ sender, subject: ' ', body: 'x' })).toEqual(refused('email.subject.required'));
    expect(commentMessageFor('email.subject.required')).toBe('Please provide a subject');
    expect(checkSellerEmail({ sender, subject: 'x', body: null })).toEqual(refused('email.body.required'));
    expect(commentMessageFor('email.body.required')).toBe('Please provide a message');
  });

  it('bounds the lengths', () => {
    const subject = 's'.repeat(COMMENT_LIMITS.emailSubjectMaxLength);
    const body = 'b'.repeat(COMMENT_LIMITS.emailBodyMaxLength);
    expect(checkSellerEmail({ sender, subject, body }).ok).toBe(true);
    expect(checkSellerEmail({ sender, subject: `${subject}s`, body })).toEqual(refused('email.subject.tooLong'));
    expect(checkSellerEmail({ sender, subject, body: `${body}b` })).toEqual(refused('email.body.tooLong'));
  });

  it('needs a reply address and keeps line breaks out of the subject', () => {
    expect(checkSellerEmail({ sender: { email: '' }, subject: 'x', body: 'y' })).toEqual(refused('email.sender.noAddress'));
    const checked = checkSellerEmail({ sender, subject: 'Hi\r\nBcc: victim@example.test', body: 'y' });
    expect(checked.ok && checked.subject).toBe('Hi Bcc: victim@example.test');
  });

  it('finds the seller’s address in the lot’s contact info only', () => {
    expect(sellerAddressOf({ email: ' sam@example.test ' })).toBe('sam@example.test');
    expect(sellerAddressOf({ email: 'not-an-address' })).toBeNull();
    expect(sellerAddressOf({})).toBeNull();
    expect(sellerAddressOf(null)).toBeNull();
  });
});
