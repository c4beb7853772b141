import { describe, expect, it } from 'vitest';
import { EXCHANGE_RATE_POLL_MS, convertAmount } from './exchange-rates';

describe('exchange rates', () => {
  it('converts through the US dollar to 4 decimals and answers 0.00 without a rate', () => {
    const rates = { BTC: 0.00001, EUR: 0.5 };
    expect(convertAmount(65_000, 'USD', 'BTC', rates)).toBe('0.6500');
    expect(convertAmount(100, 'EUR', 'BTC', rates)).toBe('0.0020');
    expect(convertAmount(100, 'GBP', 'BTC', rates)).toBe('0.00');
    expect(convertAmount(100, 'USD', 'BTC', null)).toBe('0.00');
  });

  it('polls every 30 minutes', () => {
    expect(EXCHANGE_RATE_POLL_MS).toBe(1_800_000);
  });
});
