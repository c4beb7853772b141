import { describe, expect, it } from 'vitest';
import { cardBrandName, cardExpiry, defaultSavedCard, isCardExpired, savedCardName, type SavedCard } from './saved-card-rules';

const card = (overrides: Partial<SavedCard> = {}): SavedCard => ({
  id: 'pm_1',
  cardBrand: 'VISA',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  ...overrides,
});

describe('saved card rules (issue 17, saved cards)', () => {
  it('names card brands in words', () => {
    expect(cardBrandName('VISA')).toBe('Visa');
    expect(cardBrandName('AMERICAN_EXPRESS')).toBe('American Express');
    expect(cardBrandName('mastercard')).toBe('Mastercard');
    expect(cardBrandName('SOME_NEW_CARD')).toBe('Some New Card');
    expect(cardBrandName('')).toBe('Card');
    expect(savedCardName(card())).toBe('Visa ending in 4242');
  });

  it('prints the expiry as MM/YY', () => {
    expect(cardExpiry(card({ expMonth: 3, expYear: 2031 }))).toBe('03/31');
    expect(cardExpiry(card({ expMonth: 11, expYear: 29 }))).toBe('11/29');
  });

  it('treats a card as valid through the last day of its expiry month', () => {
    const march2030 = card({ expMonth: 3, expYear: 2030 });
    expect(isCardExpired(march2030, new Date(2030, 2, 31, 23, 59))).toBe(false);
    expect(isCardExpired(march2030, new Date(2030, 3, 1, 0, 0))).toBe(true);
    expect(isCardExpired(card({ expMonth: 12, expYear: 29 }), new Date(2029, 11, 15))).toBe(false);
    expect(isCardExpired(card({ expMonth: 12, expYear: 29 }), new Date(2030, 0, 1))).toBe(true);
  });

  it('offers the first card that has not expired first', () => {
    const now = new Date(2030, 5, 1);
    const old = card({ id: 'old', expMonth: 1, expYear: 2030 });
    const good = card({ id: 'good', last4: '4444', expYear: 2031 });
    expect(defaultSavedCard([old, good], now)?.id).toBe('good');
    expect(defaultSavedCard([old], now)).toBeNull();
    expect(defaultSavedCard([], now)).toBeNull();
  });
});
