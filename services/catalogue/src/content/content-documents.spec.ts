import { describe, expect, it } from 'vitest';
import { readAuctionMarketplace, readDealerService, readDealershipSolution, readPage } from './content-documents';

describe('stored content documents', () => {
  it('read a missing document as the page defaults', () => {
    expect(readDealerService('trackside', null)).toEqual({ id: 'trackside:dealerService', title: 'Dealer Services', items: [] });
    const solution = readDealershipSolution('trackside', null);
    expect(solution).toMatchObject({
      id: 'trackside:dealershipSolution',
      title: 'Dealership Solutions',
      hero1: { image: null, text: null },
      quote2: { text: null, author: null },
      content1: null,
      points: [],
      services: [],
      dealers: { title: null, links: [] },
    });
    expect(readAuctionMarketplace('trackside', null)).toMatchObject({
      title: 'Auction and Marketplace',
      content3: { title: null, description: null, image: null },
      authorities: { title: null, links: [] },
    });
  });

  it('read a saved document, prices from cents, nulls and missing fields as defaults, unknown fields dropped', () => {
    const stored = {
      title: null,
      hero1: { text: 'Grow your dealership', image: { url: '/uploads/hero.jpg' } },
      quote1: null,
      services: [
        { id: 's1', title: 'Photography', price: 14900, priceFrequency: 'month' },
        { id: 's2', title: 'Listing', price: null },
      ],
      points: [{ id: 'p1', text: 'Nationwide reach' }],
      retiredField: 'gone',
    };
    const solution = readDealershipSolution('trackside', stored);
    expect(solution.title).toBe('Dealership Solutions');
    expect(solution.hero1).toEqual({ text: 'Grow your dealership', image: { url: '/uploads/hero.jpg', alternativeText: null } });
    expect(solution.quote1).toEqual({ text: null, author: null });
    expect(solution.services).toEqual([
      { id: 's1', title: 'Photography', description: null, image: null, price: 149, priceFrequency: 'month' },
      { id: 's2', title: 'Listing', description: null, image: null, price: null, priceFrequency: null },
    ]);
    expect(solution.points).toEqual([{ id: 'p1', text: 'Nationwide reach' }]);
    expect(solution).not.toHaveProperty('retiredField');
  });

  it('read content pages and the about-us page whatever the row holds', () => {
    expect(readPage({ title: 'Terms', content: '<p>Terms</p>' })).toEqual({ title: 'Terms', content: '<p>Terms</p>', image: null });
    expect(readPage({ title: 'About', content: 'Us', image: '/uploads/a.png' })).toEqual({
      title: 'About',
      content: 'Us',
      image: '/uploads/a.png',
    });
    expect(readPage({ content: 42 })).toEqual({ title: '', content: '', image: null });
    expect(readPage('not a document')).toEqual({ title: '', content: '', image: null });
  });
});
