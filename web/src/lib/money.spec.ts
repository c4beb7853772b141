import { describe, expect, it } from 'vitest';
import { formatMoneyInput, moneyInputValue } from './money';

describe('money fields', () => {
  it('group thousands as the user types, keep two decimals and no sign', () => {
    expect(formatMoneyInput('1234567')).toBe('1,234,567');
    expect(formatMoneyInput('1234567.891')).toBe('1,234,567.89');
    expect(formatMoneyInput('$ 12,34.5')).toBe('1,234.5');
    expect(formatMoneyInput('-500')).toBe('500');
    expect(formatMoneyInput('12.')).toBe('12.');
    expect(formatMoneyInput('.5')).toBe('0.5');
    expect(formatMoneyInput('007')).toBe('7');
    expect(formatMoneyInput('1.2.3')).toBe('1.23');
    expect(formatMoneyInput('abc')).toBe('');
  });

  it('read the amount back', () => {
    expect(moneyInputValue('1,234,567.89')).toBe(1234567.89);
    expect(moneyInputValue('12.')).toBe(12);
    expect(moneyInputValue('')).toBeNull();
    expect(moneyInputValue('  ')).toBeNull();
  });
});
