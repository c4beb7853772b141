import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../lib/money';
import { packageAmount } from '../directory/directory-rules';
import { formatCurrency, localeOf } from '../pricing/currency';
import { breadcrumbsOf } from './breadcrumbs';

describe('breadcrumbs (spec 002 section 2)', () => {
  it('starts with Home, drops tag/category/page/group, turns hyphens and underscores into spaces, last is plain text', () => {
    expect(breadcrumbsOf('/directory/category/racetrack')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'directory', href: '/directory' },
      { label: 'racetrack', href: null },
    ]);
    expect(breadcrumbsOf('/page/terms-and-conditions')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'terms and conditions', href: null },
    ]);
    expect(breadcrumbsOf('/media/tag/track_days')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'media', href: '/media' },
      { label: 'track days', href: null },
    ]);
  });

  it('never links a lot segment and labels the first crumb CMS Dashboard under /cms', () => {
    expect(breadcrumbsOf('/auction/lot/1967-gt')[2]).toEqual({ label: 'lot', href: null });
    expect(breadcrumbsOf('/cms/auction/manage')).toEqual([
      { label: 'CMS Dashboard', href: '/cms' },
      { label: 'auction', href: '/cms/auction' },
      { label: 'manage', href: null },
    ]);
  });
});

describe('breadcrumb ids', () => {
  it('keeps a UUID segment as it is (hyphens, case) and marks it verbatim, so it is not capitalised', () => {
    const id = 'E636d058-d0d3-4c1e-9a8b-2f0c7d1e5a10';
    expect(breadcrumbsOf(`/cms/auction/lot/${id}`)).toEqual([
      { label: 'CMS Dashboard', href: '/cms' },
      { label: 'auction', href: '/cms/auction' },
      { label: 'lot', href: null },
      { label: id, href: null, verbatim: true },
    ]);
  });

  it('still treats words that look like ids in part as words', () => {
    expect(breadcrumbsOf('/page/e636d058-not-an-id')[1]).toEqual({ label: 'e636d058 not an id', href: null });
    expect(breadcrumbsOf('/auction/lot/1967-gt')[3]).toEqual({ label: '1967 gt', href: null });
  });
});

describe('breadcrumbs with names the page knows (issue 24 item 17)', () => {
  it('shows the title for an id or slug segment, as written, and the other segments by the rules', () => {
    const id = 'e636d058-1a2b-4c3d-8e9f-0123456789ab';
    expect(breadcrumbsOf(`/paddock/listing/${id}/edit`, { [id]: 'Porsche 911 GT3 RS' })).toEqual([
      { label: 'Home', href: '/' },
      { label: 'paddock', href: '/paddock' },
      { label: 'listing', href: '/paddock/listing' },
      { label: 'Porsche 911 GT3 RS', href: `/paddock/listing/${id}`, verbatim: true },
      { label: 'edit', href: null },
    ]);
    expect(breadcrumbsOf('/paddock/cars/race/porsche-911-gt3', { 'porsche-911-gt3': 'Porsche 911 GT3' })[4]).toEqual({
      label: 'Porsche 911 GT3',
      href: null,
      verbatim: true,
    });
    expect(breadcrumbsOf(`/paddock/listings/${id}`, { [id]: '  ' })[3]).toEqual({ label: id, href: null, verbatim: true });
  });
});

describe('currency formatting', () => {
  it('is the one money format of lib/money: en-US digits, two decimals, the currency code after (issue 24 item 5)', () => {
    expect(localeOf('EUR')).toBe('de-DE');
    expect(localeOf('XXX')).toBe('en-US');
    expect(formatCurrency(1234.5, 'USD')).toBe('1,234.50 USD');
    expect(formatCurrency(1234.5, 'eur')).toBe('1,234.50 EUR');
    expect(formatCurrency(1234.5, 'USD')).toBe(formatMoney(1234.5, 'USD'));
    expect(packageAmount('USD', 49)).toBe('49.00 USD');
  });
});
