import { describe, expect, it } from 'vitest';
import { directorySchema, initialFormValues, toDirectoryInput } from './directory-form';
import {
  categoryFromPath,
  categoryPath,
  defaultStatusTab,
  directorySlug,
  keywordsError,
  ownerMenuItems,
  planSlug,
  priceLabel,
  toEmbedVideoUrl,
  videoDialogWidth,
} from './directory-rules';

const option = (enabled: boolean, price = 0) => ({ enabled, price });

describe('directory rules (spec 002)', () => {
  it('limits keywords to 10 for featured entries and 2 otherwise, counting trimmed non-empty ones', () => {
    expect(keywordsError('a, b', false)).toBeNull();
    expect(keywordsError('a, b, c', false)).toBe('Too many keywords, maximum: 2');
    expect(keywordsError('a, , b ,,', false)).toBeNull();
    expect(keywordsError('1,2,3,4,5,6,7,8,9,10', true)).toBeNull();
    expect(keywordsError('1,2,3,4,5,6,7,8,9,10,11', true)).toBe('Too many keywords, maximum: 10');
  });

  it('turns watch links into embed links and refuses links that are not videos', () => {
    expect(toEmbedVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(toEmbedVideoUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(toEmbedVideoUrl('https://vimeo.com/123456')).toBe('https://player.vimeo.com/video/123456');
    expect(toEmbedVideoUrl('https://example.com/video')).toBeNull();
    expect(toEmbedVideoUrl('not a link')).toBeNull();
  });

  it('opens the owner list on pending, else approved, else declined', () => {
    expect(defaultStatusTab([{ status: 'approved' }, { status: 'pending' }])).toBe('pending');
    expect(defaultStatusTab([{ status: 'declined' }, { status: 'approved' }])).toBe('approved');
    expect(defaultStatusTab([{ status: 'declined' }])).toBe('declined');
    expect(defaultStatusTab([])).toBe('pending');
  });

  it('offers the subscription prompt by plan, and Edit always', () => {
    expect(ownerMenuItems({ featured: true, activeSubscription: false })).toEqual(['Pay Subscription', 'Edit']);
    expect(ownerMenuItems({ featured: true, activeSubscription: true })).toEqual(['Cancel Subscription', 'Edit']);
    expect(ownerMenuItems({ featured: true, activeSubscription: true, subscriptionCancelAtPeriodEnd: true })).toEqual(['Edit']);
    expect(ownerMenuItems({ featured: true, activeSubscription: true, subscriptionPastDue: true })).toEqual([
      'Pay Subscription',
      'Cancel Subscription',
      'Edit',
    ]);
    expect(ownerMenuItems({ featured: false, activeSubscription: false })).toEqual(['Upgrade Plan', 'Edit']);
  });

  it('sizes the video dialog at the smaller of window width minus 48 and 1280', () => {
    expect(videoDialogWidth(390)).toBe(342);
    expect(videoDialogWidth(1366)).toBe(1280);
  });

  it('maps category paths both ways (lower case in the URL, Everything without a filter)', () => {
    expect(categoryFromPath('racetrack')).toBe('RACETRACK');
    expect(categoryFromPath('nonsense')).toBe('EVERYTHING');
    expect(categoryPath('SIMRACING')).toBe('/directory/category/simracing');
    expect(categoryPath('EVERYTHING')).toBe('/directory');
  });

  it('builds the update and add paths from names and plan titles', () => {
    expect(directorySlug('Pit Lane  Garage')).toBe('pit-lane-garage');
    expect(planSlug('Featured Directory')).toBe('featured-directory');
  });

  it('labels prices: one-time, /month, /year, otherwise Free', () => {
    const base = { currency: 'USD', oneTimePayment: option(false), monthlyPayment: option(false), yearlyPayment: option(false) };
    expect(priceLabel(base)).toBe('Free');
    expect(priceLabel({ ...base, oneTimePayment: option(true, 100) })).toBe('100.00 USD');
    expect(priceLabel({ ...base, monthlyPayment: option(true, 49) })).toBe('49.00 USD/month');
    expect(priceLabel({ ...base, yearlyPayment: option(true, 490) }, 'YEARLY')).toBe('490.00 USD/year');
  });
});

describe('directory form', () => {
  it('requires name, category, country, state, city and the terms with the message Required', async () => {
    const errors = await directorySchema(false)
      .validate(initialFormValues(), { abortEarly: false })
      .then(() => [])
      .catch((error: { inner: Array<{ path: string; message: string }> }) => error.inner.map((e) => `${e.path}:${e.message}`));
    expect(errors.sort()).toEqual(
      [
        'addressCity:Required',
        'addressCountry:Required',
        'addressState:Required',
        'category:Required',
        'name:Required',
        'tos:Required',
      ].sort(),
    );
  });

  it('checks the video link only for featured plans and sends featured fields only then', async () => {
    const values = {
      ...initialFormValues(),
      name: ' Pit Lane ',
      category: 'RACETRACK',
      addressCountry: 'United States',
      addressState: 'California',
      addressCity: 'Monterey',
      keywords: ' track , , days ',
      videoURL: 'https://example.com/x',
      tos: true,
    };
    await expect(directorySchema(true).validate(values)).rejects.toThrow('The video URL must be a YouTube or Vimeo link');
    await expect(directorySchema(false).validate(values)).resolves.toBeTruthy();
    const regular = toDirectoryInput(values, false);
    expect(regular.keywords).toEqual(['track', 'days']);
    expect(regular.name).toBe('Pit Lane');
    expect(regular).not.toHaveProperty('videoURL');
    expect(regular.hoursOfOperation).toBeNull();
    const featured = toDirectoryInput(
      { ...values, videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', hours: { Mo: '9:00 AM - 5:00 PM' } },
      true,
    );
    expect(featured.videoURL).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(featured.hoursOfOperation?.Mo).toBe('9:00 AM - 5:00 PM');
    expect(featured.hoursOfOperation?.Su).toBeNull();
  });
});
