import { describe, expect, it } from 'vitest';
import { parseBid, parseLotRef } from './socket-payloads';

describe('socket payloads', () => {
  it('reads the lot of a join in every shape the spec allows, and nothing else', () => {
    for (const payload of ['lot-1', { auctionId: 'lot-1' }, { id: 'lot-1' }, { auction: 'lot-1' }])
      expect(parseLotRef(payload)).toBe('lot-1');
    for (const payload of [null, 42, '', 'a b', { auctionId: 'x'.repeat(101) }, { lot: 'lot-1' }]) expect(parseLotRef(payload)).toBeNull();
  });

  it('reads a bid: amount as a number or text with thousands separators, bid id from bidId or id', () => {
    const id = '0d4f7f4e-2f0c-4b7c-9a57-3b8f0d6f1a2b';
    expect(parseBid({ auctionId: 'lot-1', amount: 1250.5, bidId: id })).toEqual({ auctionId: 'lot-1', amount: 1250.5, bidId: id });
    expect(parseBid({ auction: 'lot-1', amount: '1,250.50', id })).toEqual({ auctionId: 'lot-1', amount: 1250.5, bidId: id });
    expect(parseBid({ auctionId: 'lot-1', amount: 10 })).toEqual({ auctionId: 'lot-1', amount: 10, bidId: undefined });
  });

  it('refuses malformed bids', () => {
    for (const payload of [
      null,
      { amount: 10 },
      { auctionId: 'lot-1' },
      { auctionId: 'lot-1', amount: 'ten' },
      { auctionId: 'lot-1', amount: 10, bidId: 'not-a-uuid' },
      { auctionId: 'lot 1', amount: 10 },
    ])
      expect(parseBid(payload)).toBeNull();
  });
});
