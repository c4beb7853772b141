import { describe, expect, it } from 'vitest';
import { pgPerBid } from './pg-counters.mjs';

const snapshot = (commits, own, statements) => ({
  commits,
  rollbacks: 0,
  own,
  byQuery: new Map(statements.map(([query, calls]) => [query, calls])),
  msByQuery: new Map(statements.map(([query, , ms]) => [query, ms])),
});

describe('pgPerBid (what PostgreSQL did per accepted bid between two snapshots)', () => {
  it("lists statements by calls and by execution time per bid, without the sampler's own transactions", () => {
    const before = snapshot(100, 2, [
      ['SELECT eventstore.append_many($1)', 10, 5],
      ['UPDATE auction_lots SET …', 40, 2],
    ]);
    const after = snapshot(160, 4, [
      ['SELECT eventstore.append_many($1)', 20, 45],
      ['UPDATE auction_lots SET …', 140, 12],
      ['INSERT INTO auction_bids …', 100, 20],
    ]);
    const work = pgPerBid(before, after, 100, 5);
    expect(work.transactions).toBe(58);
    expect(work.transactionsPerBid).toBe(0.58);
    expect(work.statementsPerBid).toBe(2.1);
    expect(work.topStatements.map((row) => [row.calls, row.query])).toEqual([
      [100, 'UPDATE auction_lots SET …'],
      [100, 'INSERT INTO auction_bids …'],
      [10, 'SELECT eventstore.append_many($1)'],
    ]);
    // 40 ms over 100 bids = 400 µs a bid; 20 ms = 200 µs; 10 ms = 100 µs.
    expect(work.topByTime.map((row) => [row.usPerBid, row.query])).toEqual([
      [400, 'SELECT eventstore.append_many($1)'],
      [200, 'INSERT INTO auction_bids …'],
      [100, 'UPDATE auction_lots SET …'],
    ]);
  });
});
