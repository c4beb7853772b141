import { describe, expect, it } from 'vitest';
import { breadcrumbsOf } from '../content/breadcrumbs';
import { categoryPath, facetLabel, tagPath } from './media-paths';

describe('media paths', () => {
  it('puts categories and tags in lower case and encodes them', () => {
    expect(categoryPath('Guides')).toBe('/media/category/guides');
    expect(tagPath('Track Day')).toBe('/media/tag/track%20day');
    expect(tagPath('a/b')).toBe('/media/tag/a%2Fb');
  });

  it('labels a facet as the catalogue spells it', () => {
    const facets = [
      { name: 'Guides', count: 2 },
      { name: 'track day', count: 1 },
    ];
    expect(facetLabel('guides', facets)).toBe('Guides');
    expect(facetLabel('unknown', facets)).toBe('unknown');
    expect(facetLabel('guides', undefined)).toBe('guides');
  });

  it('drops the words category and tag from the breadcrumb (spec 002)', () => {
    expect(breadcrumbsOf(tagPath('Track Day'))).toEqual([
      { label: 'Home', href: '/' },
      { label: 'media', href: '/media' },
      { label: 'track day', href: null },
    ]);
    expect(breadcrumbsOf('/media/articles/buying-your-first-track-car').map((crumb) => crumb.label)).toEqual([
      'Home',
      'media',
      'articles',
      'buying your first track car',
    ]);
  });
});
