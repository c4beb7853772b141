import { describe, expect, it } from 'vitest';
import {
  looksLikeCardNumber,
  luhnValid,
  parseSandboxCardRef,
  parseSandboxToken,
  SANDBOX_TEST_CARDS,
  sandboxCardRef,
  sandboxCardToken,
} from './sandbox-cards';

const now = new Date('2026-03-15T12:00:00Z');

describe('sandbox test cards', () => {
  it('check numbers with Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('12ab')).toBe(false);
    for (const number of Object.keys(SANDBOX_TEST_CARDS)) expect(luhnValid(number)).toBe(true);
  });

  it('turn a test card into a token that reads back the same', () => {
    const result = sandboxCardToken({ number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030 }, now);
    expect(result).toEqual({ ok: true, token: 'tok_sandbox_success_VISA_4242_1230', cardBrand: 'VISA', last4: '4242' });
    expect(parseSandboxToken('tok_sandbox_success_VISA_4242_1230', now)).toEqual({
      scenario: 'success',
      cardBrand: 'VISA',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
  });

  it('round-trip every card, scenarios and brands with underscores included', () => {
    for (const [number, card] of Object.entries(SANDBOX_TEST_CARDS)) {
      const result = sandboxCardToken({ number, expMonth: 3, expYear: 31 }, now);
      if (!result.ok) throw new Error(`no token for ${number}`);
      const parsed = parseSandboxToken(result.token, now);
      expect(parsed).toEqual({ scenario: card.scenario, cardBrand: card.cardBrand, last4: number.slice(-4), expMonth: 3, expYear: 2031 });
      if (!parsed) continue;
      expect(parseSandboxCardRef(sandboxCardRef(parsed), now)).toEqual(parsed);
    }
    expect(parseSandboxToken('tok_sandbox_insufficient_funds_VISA_9995_0131', now)?.scenario).toBe('insufficient_funds');
    expect(parseSandboxToken('tok_sandbox_success_AMERICAN_EXPRESS_0005_0131', now)?.cardBrand).toBe('AMERICAN_EXPRESS');
  });

  it('refuse a real-looking card that is not a test card, and malformed input', () => {
    expect(sandboxCardToken({ number: '4111111111111111', expMonth: 12, expYear: 2030 }, now)).toEqual({
      ok: false,
      reason: 'not_test_card',
    });
    expect(sandboxCardToken({ number: '4242424242424241', expMonth: 12, expYear: 2030 }, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(sandboxCardToken({ number: '4242424242424242', expMonth: 13, expYear: 2030 }, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseSandboxToken('4242424242424242', now)).toBeNull();
    expect(parseSandboxToken('tok_sandbox_unknown_VISA_4242_1230', now)).toBeNull();
    expect(parseSandboxToken('pm_sandbox_success_VISA_4242_1230', now)).toBeNull();
    expect(parseSandboxCardRef('tok_sandbox_success_VISA_4242_1230', now)).toBeNull();
  });

  it('make a past expiry an expired card, at tokenising and when a saved card lapses later', () => {
    const result = sandboxCardToken({ number: '4242424242424242', expMonth: 2, expYear: 2026 }, now);
    expect(result).toMatchObject({ ok: true, token: 'tok_sandbox_expired_card_VISA_4242_0226' });
    expect(sandboxCardToken({ number: '4242424242424242', expMonth: 3, expYear: 2026 }, now)).toMatchObject({
      token: 'tok_sandbox_success_VISA_4242_0326',
    });
    expect(parseSandboxCardRef('pm_sandbox_success_VISA_4242_0326', new Date('2026-04-01T00:00:00Z'))?.scenario).toBe('expired_card');
  });

  it('spot card numbers anywhere in text, but not ids, tokens or dates', () => {
    expect(looksLikeCardNumber('4242424242424242')).toBe(true);
    expect(looksLikeCardNumber('my card 4242 4242 4242 4242 thanks')).toBe(true);
    expect(looksLikeCardNumber('4242-4242-4242-4242')).toBe(true);
    expect(looksLikeCardNumber('4242 4242 4242 4242 123')).toBe(true);
    expect(looksLikeCardNumber('378282246310005')).toBe(true);
    expect(looksLikeCardNumber('4111111111111111')).toBe(true);
    expect(looksLikeCardNumber('4242424242424241')).toBe(false);
    expect(looksLikeCardNumber('tok_sandbox_success_VISA_4242_1230')).toBe(false);
    expect(looksLikeCardNumber('5b2f6c1e-1234-5678-9012-345678901234')).toBe(false);
    expect(looksLikeCardNumber('11111111-2222-3333-4444-555555555555')).toBe(false);
    expect(looksLikeCardNumber('2030-12-01T10:00:00Z')).toBe(false);
    expect(looksLikeCardNumber('+1 555 123 4567')).toBe(false);
  });
});
