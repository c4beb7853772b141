import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from './amount-words';

describe('amount in words', () => {
  it('spells whole numbers up to the bid limit', () => {
    expect(integerInWords(0)).toBe('zero');
    expect(integerInWords(15)).toBe('fifteen');
    expect(integerInWords(120)).toBe('one hundred twenty');
    expect(integerInWords(2_500_000)).toBe('two million five hundred thousand');
    expect(integerInWords(999_999_998)).toBe(
      'nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-eight',
    );
  });

  it('adds the cents and the currency', () => {
    expect(amountInWords(20_000, 'USD')).toBe('twenty thousand US Dollar');
    expect(amountInWords(1_234.5, 'EUR')).toBe('one thousand two hundred thirty-four and 50/100 Euro');
  });
});
