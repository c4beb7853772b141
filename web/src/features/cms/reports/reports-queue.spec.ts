import { describe, expect, it } from 'vitest';
import { lotLinks, MODERATION_ACTIONS, noteProblem, personName, reasonLabel, resolutionLabel, tabOf } from './reports-queue';

describe('reports queue helpers', () => {
  it('reads the tab from the address, comments by default', () => {
    expect(tabOf('auctions')).toBe('auctions');
    expect(tabOf('comments')).toBe('comments');
    expect(tabOf(null)).toBe('comments');
    expect(tabOf('reports')).toBe('comments');
  });

  it('labels reasons (the spec spells BAD_LANGAUGE) and resolutions', () => {
    expect(reasonLabel('BAD_LANGAUGE')).toBe('Bad language');
    expect(reasonLabel('DISCRIMINATION')).toBe('Discrimination');
    expect(reasonLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(resolutionLabel('dismissed')).toBe('Dismissed');
    expect(resolutionLabel('blocked')).toBe('Comment blocked');
    expect(resolutionLabel(null)).toBe('Resolved');
  });

  it('names people by full name and username, falling back to the id', () => {
    expect(personName({ id: 'u1', username: 'bidder1', firstName: 'Bea', lastName: 'Bidder' })).toBe('Bea Bidder (bidder1)');
    expect(personName({ id: 'u1', username: 'bidder1', firstName: null, lastName: null })).toBe('bidder1');
    expect(personName({ id: 'u1', username: null, firstName: null, lastName: null })).toBe('u1');
    expect(personName(null)).toBe('Unknown user');
  });

  it('links the lot page by slug and the dispute desk by id', () => {
    const lot = { id: 'l1', title: 'Stratos', slug: 'lancia stratos', status: 'LIVE', brand: 'trackside' };
    expect(lotLinks(lot)).toEqual({ page: '/auction/lot/lancia%20stratos', desk: '/cms/auction/lot/l1' });
    expect(lotLinks({ ...lot, slug: null }).page).toBeNull();
  });

  it('checks notes as the server does: a block needs a reason, every note at most 500 characters', () => {
    expect(noteProblem(MODERATION_ACTIONS.block, '  ')).toBe('Please give a reason for blocking.');
    expect(noteProblem(MODERATION_ACTIONS.block, 'Insults')).toBeNull();
    expect(noteProblem(MODERATION_ACTIONS.block, 'x'.repeat(501))).toBe('A block reason can be at most 500 characters long.');
    expect(noteProblem(MODERATION_ACTIONS.dismissComment, '')).toBeNull();
    expect(noteProblem(MODERATION_ACTIONS.remove, 'x'.repeat(501))).toBe('A note can be at most 500 characters long.');
    expect(noteProblem(MODERATION_ACTIONS.dismissAuction, '🏎'.repeat(500))).toBeNull();
  });
});
