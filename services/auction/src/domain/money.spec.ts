import { describe, expect, it } from 'vitest';
import { formatCents, MAX_BID_CENTS, parseAmount } from './money';

describe('parseAmount', () => {
  it.each([
    [0, 0],
    [1, 100],
    [12.3, 1230],
    [12.34, 1234],
    [0.01, 1],
    [0.3, 30],
    [1.1, 110],
    [999_999_999, 99_999_999_900],
    ['15', 1500],
    ['15.5', 1550],
    ['15.05', 1505],
    ['0015.00', 1500],
    ['+7', 700],
    [' 42 ', 4200],
    ['999999999.00', MAX_BID_CENTS],
  ])('%j → %i cents', (input, cents) => {
    expect(parseAmount(input)).toEqual({ ok: true, cents });
  });

  it.each([
    [10.005, 'decimals'],
    ['10.001', 'decimals'],
    [0.0000001, 'decimals'],
    [-5, 'negative'],
    ['-0.01', 'negative'],
    [Number.NaN, 'format'],
    [Number.POSITIVE_INFINITY, 'format'],
    ['', 'format'],
    ['abc', 'format'],
    ['1e3', 'format'],
    ['12,50', 'format'],
    ['1.', 'format'],
    ['.5', 'format'],
    [1e21, 'tooLarge'],
    ['12345678901234', 'tooLarge'],
  ])('%j is refused (%s)', (input, reason) => {
    expect(parseAmount(input)).toEqual({ ok: false, reason });
  });

  it('never goes through float arithmetic: 0.1 + 0.2 is three decimals too many', () => {
    expect(parseAmount(0.1 + 0.2)).toEqual({ ok: false, reason: 'decimals' });
  });

  it('refuses values that are not numbers or text', () => {
    expect(parseAmount(null as unknown as string)).toEqual({ ok: false, reason: 'format' });
  });
});

describe('formatCents', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [150_000, '1500.00'],
    [MAX_BID_CENTS, '999999999.00'],
    [-250, '-2.50'],
  ])('%i → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});
