import { describe, expect, it } from 'vitest';
import { chooseHome } from '../../shell/navigation';
import { readPath, toDocumentInput, writePath } from './content-documents';
import { formatHomePage, parseHomePage, slugOf } from './home-page';

describe('home page choice', () => {
  it('reads what chooseHome reads', () => {
    expect(parseHomePage(null)).toEqual({ kind: 'default' });
    expect(parseHomePage('media?category=guides')).toEqual({ kind: 'module', module: 'media', query: 'category=guides' });
    expect(parseHomePage('/page/about-team')).toEqual({ kind: 'page', slug: 'about-team', query: '' });
  });

  it('writes a value chooseHome turns into the same choice', () => {
    const modules = [
      { name: 'paddock', active: true, url: '/paddock' },
      { name: 'media', active: true, url: '/media' },
    ];
    const asModule = formatHomePage({ kind: 'module', module: 'media', query: '?tag=rings' });
    expect(asModule).toBe('media?tag=rings');
    expect(chooseHome({ homePage: asModule, headerNav: [], modules })).toEqual({ kind: 'module', module: 'media', search: '?tag=rings' });
    const asPage = formatHomePage({ kind: 'page', slug: 'welcome', query: '' });
    expect(chooseHome({ homePage: asPage, headerNav: [], modules })).toEqual({ kind: 'page', slug: 'welcome', search: '' });
    expect(formatHomePage({ kind: 'default' })).toBeNull();
    expect(formatHomePage({ kind: 'page', slug: '  ', query: '' })).toBeNull();
  });

  it('makes slugs', () => {
    expect(slugOf(' Our Team & Story! ')).toBe('our-team-story');
  });
});

describe('dealer page documents', () => {
  it('drop __typename and the top-level id, keep the blocks', () => {
    const input = toDocumentInput({
      __typename: 'DealershipSolution',
      id: 'trackside:dealershipSolution',
      title: 'T',
      points: [{ __typename: 'Point', id: 'p1', text: 'x' }],
      contentImage: null,
    });
    expect(input).toEqual({ title: 'T', points: [{ id: 'p1', text: 'x' }], contentImage: null });
  });

  it('read and write nested text by path without touching the rest', () => {
    const document = { title: 'A', content1: { title: 'B', description: null, image: { url: '/x.jpg' } } };
    expect(readPath(document, 'content1.title')).toBe('B');
    expect(readPath(document, 'content1.description')).toBe('');
    const written = writePath(document, 'content1.description', '<p>New</p>');
    expect(written).toEqual({ title: 'A', content1: { title: 'B', description: '<p>New</p>', image: { url: '/x.jpg' } } });
    expect(document.content1.description).toBeNull();
    expect(writePath({ quote1: null }, 'quote1.text', 'Hi')).toEqual({ quote1: { text: 'Hi' } });
  });
});
