import { CombinedGraphQLErrors } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { serverFieldIssues, standingErrors, withServerErrors, wizardIssues } from './listing-field-errors';

const STEP_FIELDS = [
  ['category', 'type', 'packageId'],
  ['title', 'description', 'price', 'currency', 'country', 'sellerType'],
];

// What createListing answers for a create with several bad fields (services/catalogue listings e2e).
const refusal = new CombinedGraphQLErrors({
  errors: [
    {
      message: 'Choose a listing package',
      extensions: {
        code: 'listing.package.invalid',
        details: {
          fields: [
            { path: 'packageId', message: 'Choose a listing package' },
            { path: 'title', message: 'Required' },
            { path: 'price', message: 'Required' },
            { path: 'sellerType', message: 'PERSONAL or DEALER' },
            { path: 'address.country', message: 'Required' },
            { path: 'extraDetails.year', message: 'The value must be greater than or equal to 1900' },
            { path: 'videos', message: 'Enter a YouTube or Vimeo link.' },
          ],
        },
      },
    },
  ],
});

describe('createListing field refusals in the listing wizard', () => {
  it('reads every field the server refused, not only the first', () => {
    expect(serverFieldIssues(refusal)).toHaveLength(7);
    expect(serverFieldIssues(new Error('offline'))).toEqual([]);
  });

  it('puts each message on its field and opens the earliest step holding one', () => {
    expect(wizardIssues(serverFieldIssues(refusal), STEP_FIELDS)).toEqual({
      basic: {
        packageId: 'Choose a listing package',
        title: 'Required',
        price: 'Required',
        sellerType: 'PERSONAL or DEALER',
        country: 'Required',
      },
      extra: { year: 'The value must be greater than or equal to 1900' },
      images: null,
      videos: 'Enter a YouTube or Vimeo link.',
      step: 0,
    });
    expect(
      wizardIssues(
        [
          { path: 'extraDetails.year', message: 'Too old' },
          { path: 'images', message: 'No image' },
        ],
        STEP_FIELDS,
      ).step,
    ).toBe(2);
  });

  it("keeps a field's refusal until its value changes", () => {
    const errors = { title: 'Required', price: 'Required' };
    expect(standingErrors(errors, { title: ' ', price: '' }, { title: ' ', price: '12' })).toEqual({ title: 'Required' });
  });

  it("shows the form's own message first and the server's on fields the user has not reached yet", () => {
    const formik = { errors: { title: 'Required', price: undefined }, touched: { title: true }, values: {} };
    const shown = withServerErrors(formik, { title: 'Too long', sellerType: 'PERSONAL or DEALER' });
    expect(shown.errors).toEqual({ title: 'Required', sellerType: 'PERSONAL or DEALER' });
    expect(shown.touched).toEqual({ title: true, sellerType: true });
  });
});
