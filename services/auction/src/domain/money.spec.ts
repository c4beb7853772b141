import { describe, expect, it } from 'vitest';
import { formatCents, MAX_BID_CENTS, parseAmount } from './money';

describe('MAX_BID_CENTS', () => {
  it('is 999,999,999.00 in cents, exact in a JS number', () => {
    expect(MAX_BID_CENTS).toBe(99_999_999_900);
    expect(Number.isSafeInteger(MAX_BID_CENTS)).toBe(true);
  });
});

describe('parseAmount: numbers', () => {
  it.each<[number, number]>([
    [0, 0],
    [-0, 0],
    [1, 100],
    [42, 4_200],
    [12.3, 1_230],
    [12.34, 1_234],
    [0.01, 1],
    [0.1, 10],
    [0.07, 7], // 0.07 * 100 is 7.000000000000001 in float maths
    [4.35, 435], // 4.35 * 100 is 434.99999999999994
    [1.15, 115], // 1.15 * 100 is 114.99999999999999
    [1e3, 100_000],
    [999_999_999, MAX_BID_CENTS],
    [999_999_999.01, MAX_BID_CENTS + 1], // parsed; the limit is the caller's check
    [9_999_999_999_999, 999_999_999_999_900], // 13 integer digits: still exact
  ])('%j → %i cents', (input, cents) => {
    expect(parseAmount(input)).toEqual({ ok: true, cents });
  });

  it.each<[number, string]>([
    [10.005, 'decimals'],
    [0.001, 'decimals'],
    [0.000001, 'decimals'],
    [1e-7, 'decimals'],
    [Number.MIN_VALUE, 'decimals'],
    [0.1 + 0.2, 'decimals'], // 0.30000000000000004: what was sent is not a two-decimal amount
    [-5, 'negative'],
    [-0.01, 'negative'],
    [-1e-7, 'negative'],
    [-1e21, 'negative'],
    [Number.NaN, 'format'],
    [Number.POSITIVE_INFINITY, 'format'],
    [Number.NEGATIVE_INFINITY, 'format'],
    [1e15, 'tooLarge'],
    [2 ** 53, 'tooLarge'],
    [1e20, 'tooLarge'],
    [1e21, 'tooLarge'],
    [Number.MAX_VALUE, 'tooLarge'],
  ])('%j is refused (%s)', (input, reason) => {
    expect(parseAmount(input)).toEqual({ ok: false, reason });
  });
});

describe('parseAmount: text', () => {
  it.each<[string, number]>([
    ['0', 0],
    ['0.00', 0],
    ['15', 1_500],
    ['15.5', 1_550],
    ['15.05', 1_505],
    ['15.50', 1_550],
    ['0015.00', 1_500],
    ['+7', 700],
    [' 42 ', 4_200],
    ['\t42.10\n', 4_210],
    ['999999999.00', MAX_BID_CENTS],
    ['999999999.01', MAX_BID_CENTS + 1],
    ['9999999999999.99', 999_999_999_999_999],
    ['00000000000000000001', 100], // leading zeros do not count as digits
  ])('%j → %i cents', (input, cents) => {
    expect(parseAmount(input)).toEqual({ ok: true, cents });
  });

  it.each<[string, string]>([
    ['10.001', 'decimals'],
    ['10.005', 'decimals'],
    ['0.000', 'decimals'],
    ['-1', 'negative'],
    ['-0.01', 'negative'],
    ['-5.5', 'negative'],
    ['-0', 'format'],
    ['-0.00', 'format'],
    ['-', 'format'],
    ['--1', 'format'],
    ['-1e3', 'format'],
    ['', 'format'],
    ['   ', 'format'],
    ['abc', 'format'],
    ['NaN', 'format'],
    ['Infinity', 'format'],
    ['1e3', 'format'],
    ['1E3', 'format'],
    ['0x10', 'format'],
    ['12,50', 'format'],
    ['1 000', 'format'],
    ['1.', 'format'],
    ['.5', 'format'],
    ['1.2.3', 'format'],
    ['++7', 'format'],
    ['$15', 'format'],
    ['15 USD', 'format'],
    ['١٥', 'format'], // non-ASCII digits
    ['12345678901234', 'tooLarge'],
    ['123456789012345678901234567890', 'tooLarge'],
  ])('%j is refused (%s)', (input, reason) => {
    expect(parseAmount(input)).toEqual({ ok: false, reason });
  });

  it('reads a number and its text the same way', () => {
    for (const value of [0, 0.5, 12.34, 100, 999_999_999]) expect(parseAmount(value)).toEqual(parseAmount(String(value)));
  });
});

describe('parseAmount: other inputs', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
    ['an object', { cents: 100 }],
    ['an array', [1]],
    ['a bigint', 10n],
  ])('refuses %s (format)', (_name, input) => {
    expect(parseAmount(input as string)).toEqual({ ok: false, reason: 'format' });
  });
});

describe('formatCents', () => {
  it.each<[number, string]>([
    [0, '0.00'],
    [1, '0.01'],
    [5, '0.05'],
    [99, '0.99'],
    [100, '1.00'],
    [1_505, '15.05'],
    [150_000, '1500.00'],
    [MAX_BID_CENTS, '999999999.00'],
    [MAX_BID_CENTS + 1, '999999999.01'],
    [-5, '-0.05'],
    [-250, '-2.50'],
  ])('%i → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('round-trips with parseAmount', () => {
    for (const cents of [0, 1, 10, 99, 100, 123_456, MAX_BID_CENTS]) expect(parseAmount(formatCents(cents))).toEqual({ ok: true, cents });
  });
});
