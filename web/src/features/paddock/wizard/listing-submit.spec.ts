import { CombinedGraphQLErrors } from '@apollo/client';
import { LISTING_ERROR_CODES } from '@trackside/contracts/catalogue/catalogue-messages';
import { describe, expect, it } from 'vitest';
import { isPaidPackage, listingContent, listingRefusal, MEDIA_STEP } from './listing-submit';
import { NEW_LISTING } from './listing-wizard-values';

const refusal = (code: string, message: string, fields?: Array<{ path: string; message: string }>) =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions: { code, ...(fields ? { details: { fields } } : {}) } }] });

const free = {
  isFree: true,
  oneTimePayment: { enabled: true, price: 0 },
  monthlyPayment: { enabled: false, price: 0 },
  yearlyPayment: { enabled: false, price: 0 },
};

describe('listingContent', () => {
  it('trims the texts, reads the typed price as a number and keeps the new images after the kept ones', () => {
    const content = listingContent(
      { ...NEW_LISTING, category: 'cars', type: 'classic', title: ' Mustang ', description: ' Red ', price: '$1,250.50', state: '' },
      {
        images: {
          images: [
            { key: 'kept', id: 'image-kept', preview: 'https://img/kept.jpg' },
            { key: 'new', file: new File([], 'new.jpg'), preview: 'blob:new' },
          ],
          cover: 0,
        },
        videoRows: ['https://youtu.be/abc', ' '],
        fields: [],
        extra: {},
      },
      ['image-new'],
    );
    expect(content).toMatchObject({ title: 'Mustang', description: 'Red', price: 1250.5, poa: false });
    expect(content.address).toEqual({ country: 'United States', state: null, city: null });
    expect(content.videos).toEqual(['https://youtu.be/abc']);
    expect(content.images).toEqual(['image-kept', 'image-new']);
  });

  it('sends no price with POA', () => {
    const media = { images: { images: [], cover: 0 }, videoRows: [], fields: [], extra: {} };
    expect(listingContent({ ...NEW_LISTING, poa: true, price: '12' }, media, []).price).toBeNull();
  });
});

describe('isPaidPackage', () => {
  it('is paid when not free and a payment is enabled', () => {
    expect(isPaidPackage({ ...free, isFree: false })).toBe(true);
    expect(isPaidPackage(free)).toBe(false);
    expect(isPaidPackage({ ...free, isFree: false, oneTimePayment: { enabled: false, price: 0 } })).toBe(false);
    expect(isPaidPackage(undefined)).toBe(false);
  });
});

describe('listingRefusal', () => {
  it('puts a field-by-field refusal on its fields and opens the earliest step holding one', () => {
    const out = listingRefusal(
      refusal(LISTING_ERROR_CODES.validation, 'Required', [
        { path: 'videos', message: 'Enter a YouTube or Vimeo link.' },
        { path: 'title', message: 'Required' },
      ]),
    );
    expect(out).toMatchObject({ message: 'Required', videos: 'Enter a YouTube or Vimeo link.', images: null, step: 1 });
    expect(out.issues?.basic).toEqual({ title: 'Required' });
  });

  it('sends a refused video or image list without fields back to Media with its message', () => {
    expect(listingRefusal(refusal(LISTING_ERROR_CODES.videos, 'Too many videos'))).toEqual({
      message: 'Too many videos',
      issues: null,
      images: null,
      videos: 'Too many videos',
      step: MEDIA_STEP,
    });
    expect(listingRefusal(refusal(LISTING_ERROR_CODES.images, 'Too many images'))).toMatchObject({
      images: 'Too many images',
      step: MEDIA_STEP,
    });
  });

  it('stays on the step for any other refusal, showing only its message', () => {
    expect(listingRefusal(new Error('Network down'))).toEqual({
      message: 'Network down',
      issues: null,
      images: null,
      videos: null,
      step: null,
    });
  });
});
