import type { RecordedEvent } from '@trackside/event-store';
import { describe, expect, it } from 'vitest';
import { lotFromStream, payableItemFromEvent, payableItemFromStream } from './payable-item-facts';

let version = 0;
function recorded(streamId: string, type: string, data: unknown, brand = 'trackside'): RecordedEvent {
  version += 1;
  return {
    eventId: `e${version}`,
    streamId,
    version,
    globalPosition: String(version),
    checkpoint: String(version),
    type,
    data,
    metadata: { brand, occurredAt: '2026-11-20T10:00:00.000Z' },
    createdAt: new Date('2026-11-20T10:00:00.000Z'),
  };
}

describe('payable item facts', () => {
  it('read a directory announcement; a claimable entry has no owner; a nameless one is not payable', () => {
    const stream = 'directory-d1';
    expect(
      payableItemFromEvent(
        recorded(stream, 'DirectoryCreated', { directoryId: 'd1', brand: 'trackside', userId: null, name: 'Apex Shop' }),
      ),
    ).toEqual({
      brand: 'trackside',
      itemType: 'DIRECTORY',
      itemId: 'd1',
      ownerId: null,
      name: 'Apex Shop',
      path: '/directory/update/apex-shop',
      deleted: false,
    });
    expect(payableItemFromEvent(recorded(stream, 'DirectoryChanged', { directoryId: 'd1', userId: 'u1', name: '  ' }))).toBeNull();
    expect(payableItemFromEvent(recorded(stream, 'DirectoryChanged', { name: 'No id' }))).toBeNull();
  });

  it('read listing announcements, the brand from the metadata when the data lacks it, and keep the name through a deletion', () => {
    const stream = 'listing-l1';
    const created = recorded(
      stream,
      'ListingCreated',
      { listingId: 'l1', userId: 'u1', name: '911S', category: 'cars', type: 'classic', slug: '911s', extra: 1 },
      'jewelry',
    );
    expect(payableItemFromEvent(created)).toMatchObject({
      brand: 'jewelry',
      ownerId: 'u1',
      name: '911S',
      path: '/paddock/cars/classic/911s',
    });
    const deleted = recorded(stream, 'ListingDeleted', { listingId: 'l1', brand: 'jewelry', userId: 'u1' });
    expect(payableItemFromStream([created, deleted])).toMatchObject({ name: '911S', deleted: true, path: '/paddock/cars/classic/911s' });
    expect(payableItemFromStream([recorded(stream, 'SomethingElse', {})])).toBeNull();
  });

  it("read an auction lot's seller, latest title and page, only for its own brand", () => {
    const stream = 'lot-42';
    const events = [
      recorded(stream, 'LotCreated', { brand: 'trackside', sellerId: 's1', title: 'Old title', slug: 'old-title' }),
      recorded(stream, 'LotUpdated', { changes: { title: 'New title' } }),
      recorded(stream, 'LotUpdated', { changes: { description: 'no title change' } }),
    ];
    expect(lotFromStream(events, 'trackside')).toEqual({
      brand: 'trackside',
      itemType: 'AUCTION',
      itemId: '42',
      ownerId: 's1',
      name: 'New title',
      path: '/auction/lot/old-title',
      deleted: false,
    });
    expect(lotFromStream(events, 'jewelry')).toBeNull();
    expect(lotFromStream([], 'trackside')).toBeNull();
  });
});
