import { describe, expect, it } from 'vitest';
import { compareCheckpoints } from './postgres-event-store';

// The log tail compares every event it reads for every consumer: the comparison works on the digit
// strings (no split, no BigInt) and must order exactly as the numbers do.

/** The reference: the two numbers of each checkpoint compared as BigInts. */
function reference(a: string, b: string): number {
  const [ta, pa] = (a || '0/0').split('/').map(BigInt) as [bigint, bigint];
  const [tb, pb] = (b || '0/0').split('/').map(BigInt) as [bigint, bigint];
  if (ta !== tb) return ta < tb ? -1 : 1;
  return pa === pb ? 0 : pa < pb ? -1 : 1;
}

describe('compareCheckpoints', () => {
  it('orders by transaction id, then position, as numbers (not as text)', () => {
    expect(compareCheckpoints('999/5', '1000/1')).toBe(-1);
    expect(compareCheckpoints('1000/1', '999/5')).toBe(1);
    expect(compareCheckpoints('7/10', '7/9')).toBe(1);
    expect(compareCheckpoints('7/9', '7/9')).toBe(0);
    expect(compareCheckpoints('', '0/0')).toBe(0);
    expect(compareCheckpoints('', '1/1')).toBe(-1);
    expect(compareCheckpoints('007/1', '7/01')).toBe(0);
    expect(compareCheckpoints('18446744073709551616/1', '18446744073709551615/2')).toBe(1);
  });

  it('agrees with a BigInt comparison on 20,000 random pairs', () => {
    const digits = (max: number): string => String(Math.floor(Math.random() * max));
    for (let i = 0; i < 20_000; i += 1) {
      const scale = [10, 1_000, 1e9, 1e15][i % 4]!;
      const a = `${digits(scale)}/${digits(scale)}`;
      const b = i % 7 === 0 ? a : `${digits(scale)}/${digits(scale)}`;
      expect(compareCheckpoints(a, b)).toBe(reference(a, b));
    }
  });

  it('throws on a malformed checkpoint', () => {
    for (const bad of ['12', '1/2/3', '/2', '1/', 'a/1', '1/2x', '-1/2'])
      expect(() => compareCheckpoints(bad, '1/1'), bad).toThrow('Malformed checkpoint');
  });
});
