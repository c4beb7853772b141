import { describe, expect, it } from 'vitest';
import { evolveSearchDocument, SEARCH_EVENT_TYPES } from './lot-search-document';
import type { LotSearchDocument } from './search-index.port';

const LOT = '6f1c7d3e-8a4b-4c2d-9e0f-1a2b3c4d5e6f';

const created = {
  type: 'LotCreated',
  version: 1,
  data: {
    lotId: LOT,
    brand: 'trackside',
    sellerId: 'seller',
    slug: 'porsche-911-rsr-1',
    status: 'PENDING',
    title: ' Porsche 911 RSR ',
    sellerType: 'Dealer',
    description: null,
    userDescription: 'Fresh engine.',
    excerpt: null,
    reserveCents: 100_000,
    currency: 'EUR',
    startPriceCents: 0,
    minIncrementCents: 0,
    dataFields: { make: { label: 'Make', value: 'Porsche' }, model: { value: '911 RSR' }, year: { value: 1974 } },
    address: { country: 'DE', city: 'Stuttgart' },
    images: { exterior: ['a', 'b'], coverImage: 'b' },
  },
};

function fold(events: Array<{ type: string; version: number; data: unknown }>): LotSearchDocument | null {
  let document: LotSearchDocument | null = null;
  for (const event of events) document = evolveSearchDocument(LOT, document, event) ?? document;
  return document;
}

describe('evolveSearchDocument', () => {
  it('LotCreated gives a PENDING document with the facet fields as text', () => {
    expect(fold([created])).toEqual({
      id: LOT,
      brand: 'trackside',
      hosts: [],
      status: 'PENDING',
      sellerType: 'Dealer',
      country: 'DE',
      make: 'Porsche',
      model: '911 RSR',
      year: '1974',
      title: 'Porsche 911 RSR',
      description: null,
      userDescription: 'Fresh engine.',
      startPriceCents: 0,
      topBidCents: null,
      currentPriceCents: 0,
      scheduledStart: null,
      finalEnd: null,
      coverImage: 'b',
      slug: 'porsche-911-rsr-1',
      currency: 'EUR',
      version: 1,
    });
  });

  it('follows approval, scheduling, going live, bids, extension and the end; current price is the top bid', () => {
    const document = fold([
      created,
      { type: 'LotApproved', version: 2, data: {} },
      {
        type: 'LotScheduled',
        version: 3,
        data: { scheduledStart: '2030-01-01T10:00:00Z', scheduledEnd: '2030-01-08T10:00:00Z', finalEnd: '2030-01-08T10:00:00Z' },
      },
      { type: 'LotWentLive', version: 4, data: {} },
      { type: 'BidPlaced', version: 5, data: { bidId: 'b1', amountCents: 5_000 } },
      { type: 'BidPlaced', version: 6, data: { bidId: 'b2', amountCents: 7_500 } },
      { type: 'LotEndExtended', version: 7, data: { previousEnd: '2030-01-08T10:00:00Z', newEnd: '2030-01-08T10:02:00.000Z' } },
      { type: 'LotEnded', version: 8, data: { status: 'SOLD', finalPriceCents: 7_500 } },
    ]);
    expect(document).toMatchObject({
      status: 'SOLD',
      scheduledStart: '2030-01-01T10:00:00.000Z',
      finalEnd: '2030-01-08T10:02:00.000Z',
      topBidCents: 7_500,
      currentPriceCents: 7_500,
      version: 8,
    });
  });

  it('disapproval returns the lot to PENDING and clears its dates, as the domain does', () => {
    const document = fold([
      created,
      { type: 'LotApproved', version: 2, data: {} },
      { type: 'LotScheduled', version: 3, data: { scheduledStart: '2030-01-01T10:00:00Z', finalEnd: '2030-01-08T10:00:00Z' } },
      { type: 'LotDisapproved', version: 4, data: { reason: 'Photos' } },
    ]);
    expect(document).toMatchObject({ status: 'PENDING', scheduledStart: null, finalEnd: null });
  });

  it('hosts: accepted brands are added once; a host that declines afterwards is removed', () => {
    const accepted = fold([
      created,
      { type: 'LotHostAccepted', version: 2, data: { hostBrand: 'jewelry' } },
      { type: 'LotHostAccepted', version: 3, data: { hostBrand: 'jewelry' } },
      { type: 'LotHostAccepted', version: 4, data: { hostBrand: 'classics' } },
    ]);
    expect(accepted?.hosts).toEqual(['jewelry', 'classics']);
    const declined = evolveSearchDocument(LOT, accepted, { type: 'LotHostDeclined', version: 5, data: { hostBrand: 'jewelry' } });
    expect(declined?.hosts).toEqual(['classics']);
  });

  it('LotUpdated changes only the fields it carries; images replace the cover', () => {
    const document = fold([
      created,
      {
        type: 'LotUpdated',
        version: 2,
        data: {
          changes: {
            title: 'Porsche 911 Carrera RSR',
            description: 'Gulf livery',
            dataFields: { make: { value: 'Porsche' }, year: { value: '1973' } },
            images: { exterior: ['c'] },
          },
        },
      },
    ]);
    expect(document).toMatchObject({
      title: 'Porsche 911 Carrera RSR',
      description: 'Gulf livery',
      userDescription: 'Fresh engine.',
      make: 'Porsche',
      model: null,
      year: '1973',
      country: 'DE',
      sellerType: 'Dealer',
      coverImage: null,
      version: 2,
    });
  });

  it('skips what it cannot apply: events before LotCreated, a second LotCreated, versions already applied', () => {
    expect(evolveSearchDocument(LOT, null, { type: 'LotWentLive', version: 4, data: {} })).toBeNull();
    const document = fold([created, { type: 'LotApproved', version: 2, data: {} }]);
    expect(evolveSearchDocument(LOT, document, created)).toBeNull();
    expect(evolveSearchDocument(LOT, document, { type: 'LotWentLive', version: 2, data: {} })).toBeNull();
  });

  describe('staff remedies (docs/decisions.md "Staff remedies")', () => {
    const live = [
      created,
      { type: 'LotApproved', version: 2, data: {} },
      { type: 'LotScheduled', version: 3, data: { scheduledStart: '2030-01-01T10:00:00Z', finalEnd: '2030-01-08T10:00:00Z' } },
      { type: 'LotWentLive', version: 4, data: {} },
      { type: 'BidPlaced', version: 5, data: { bidId: 'b1', amountCents: 5_000 } },
      { type: 'BidPlaced', version: 6, data: { bidId: 'b2', amountCents: 99_999_999_900 } },
    ];

    it('a voided top bid gives the price back to the bid left on top; on an ended lot the outcome follows', () => {
      const voided = { type: 'BidVoided', version: 7, data: { bidId: 'b2', topBid: { bidId: 'b1', amountCents: 5_000 }, outcome: null } };
      expect(fold([...live, voided])).toMatchObject({ status: 'LIVE', topBidCents: 5_000, currentPriceCents: 5_000 });
      const ended = { type: 'LotEnded', version: 7, data: { status: 'SOLD' } };
      const afterEnd = { ...voided, version: 8, data: { ...voided.data, topBid: null, outcome: { status: 'RESERVE_NOT_MET' } } };
      expect(fold([...live, ended, afterEnd])).toMatchObject({ status: 'RESERVE_NOT_MET', topBidCents: null, currentPriceCents: 0 });
    });

    it('a canceled lot is CANCELED (excluded from the search); a relisted one is APPROVED with no price or dates', () => {
      expect(fold([...live, { type: 'LotCanceled', version: 7, data: {} }])?.status).toBe('CANCELED');
      expect(fold([...live, { type: 'LotCanceled', version: 7, data: {} }, { type: 'LotRelisted', version: 8, data: {} }])).toMatchObject({
        status: 'APPROVED',
        topBidCents: null,
        currentPriceCents: 0,
        scheduledStart: null,
        finalEnd: null,
      });
    });

    it('a staff extension (bidId null) moves the end like a sniper one', () => {
      const extended = {
        type: 'LotEndExtended',
        version: 7,
        data: { previousEnd: '2030-01-08T10:00:00Z', newEnd: '2030-01-09T10:00:00Z', bidId: null },
      };
      expect(fold([...live, extended])?.finalEnd).toBe('2030-01-09T10:00:00.000Z');
    });

    it('subscribes to the remedy events', () => {
      expect(SEARCH_EVENT_TYPES).toEqual(expect.arrayContaining(['BidVoided', 'LotCanceled', 'LotRelisted']));
    });
  });

  it('subscribes to the events that change a document, not to sharing events that change none', () => {
    expect(SEARCH_EVENT_TYPES).toEqual(
      expect.arrayContaining(['LotCreated', 'LotHostAccepted', 'LotHostDeclined', 'BidPlaced', 'LotEnded']),
    );
    expect(SEARCH_EVENT_TYPES).not.toContain('LotShared');
    expect(SEARCH_EVENT_TYPES).not.toContain('LotUnshared');
  });
});
