import { describe, expect, it } from 'vitest';
import {
  auctionEndedEmail,
  auctionWonEmail,
  contactEmail,
  emailSellerEmail,
  formatMoney,
  outbidEmail,
  partnerInquiryEmail,
} from './notification-templates';

describe('notification and form email templates', () => {
  const lot = { brandName: 'Trackside', username: 'ada', lotTitle: 'Mini <Cooper>', link: 'https://web.example/auction/lot/mini-1' };

  it('format integer cents with two decimals, separators and the currency code', () => {
    expect(formatMoney(0, 'USD')).toBe('USD 0.00');
    expect(formatMoney(5, 'USD')).toBe('USD 0.05');
    expect(formatMoney(123_456_789, 'EUR')).toBe('EUR 1,234,567.89');
    expect(formatMoney('99999999900', 'USD')).toBe('USD 999,999,999.00');
  });

  it('render the auction notifications with the lot link, escaping HTML', () => {
    const outbid = outbidEmail({ ...lot, amount: 'USD 10.00' });
    expect(outbid).toMatchObject({ template: 'outbid', subject: 'Trackside: you have been outbid on Mini <Cooper>' });
    expect(outbid.html).toContain('Mini &#60;Cooper&#62;');
    expect(outbid.html).toContain(`<a href="${lot.link}">See the auction</a>`);
    expect(auctionWonEmail({ ...lot, amount: 'USD 10.00' }).template).toBe('auction-won');
    expect(auctionEndedEmail({ ...lot, outcome: 'SOLD', amount: 'USD 10.00' }).text).toContain('It sold for USD 10.00.');
    expect(auctionEndedEmail({ ...lot, outcome: 'RESERVE_NOT_MET', amount: 'USD 9.00' }).text).toContain(
      'The top bid, USD 9.00, did not meet your reserve',
    );
    expect(auctionEndedEmail({ ...lot, outcome: 'RESERVE_NOT_MET', amount: null }).text).toContain('It received no bids');
  });

  it('render the forms with their fields, skipping empty ones', () => {
    const fields = [
      { label: 'Name', value: 'Ada' },
      { label: 'Phone', value: '' },
    ];
    const contact = contactEmail({ brandName: 'Jewelry', type: 'CONTACT_US_DEALER', subject: 'Hi', fields });
    expect(contact).toMatchObject({ template: 'contact-us-dealer', subject: 'Jewelry: Dealer enquiry - Hi' });
    expect(contact.text).toContain('Name: Ada');
    expect(contact.text).not.toContain('Phone');
    expect(partnerInquiryEmail({ brandName: 'Jewelry', fields }).template).toBe('partner-inquiry');
    const seller = emailSellerEmail({
      brandName: 'Trackside',
      senderName: 'Ada',
      senderEmail: 'ada@example.test',
      contactPhone: null,
      subject: 'Your car',
      header: null,
      content: '<script>',
    });
    expect(seller.template).toBe('email-seller');
    expect(seller.html).not.toContain('<script>');
  });
});
