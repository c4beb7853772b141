/**
 * Contact details typed into free text (a title, a description, a text property): the feed
 * carries no personal data (docs/events.md "Personal data"), and sellers do write "call Sam on
 * +44 7700 900123" into descriptions. Email addresses and phone-number-like runs of at least nine
 * digits are replaced; shorter digit runs (years, mileages, "1965-1970") stay.
 */
const EMAIL = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[a-z]{2,}/gi;
const PHONE = /\+?\(?\d(?:[\s().\-/]*\d){8,}/g;
export const REMOVED_CONTACT = '[contact removed]';

export function withoutContacts(text: string): string {
  return text.replace(EMAIL, REMOVED_CONTACT).replace(PHONE, REMOVED_CONTACT);
}
