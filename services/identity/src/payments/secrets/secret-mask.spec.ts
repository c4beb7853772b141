import { describe, expect, it } from 'vitest';
import { hasControlCharacters, maskSecret } from './secret-mask';

describe('maskSecret', () => {
  it('keeps a known prefix and the last four characters of a long secret', () => {
    expect(maskSecret('sk_test_51Habcdefghijklmnop4242')).toBe('sk_test_…4242');
    expect(maskSecret('whsec_abcdefghijklmnopqrstuvwxyz9876')).toBe('whsec_…9876');
  });

  it('shows no prefix for unknown formats and less of short values', () => {
    expect(maskSecret('EAAAEabcdefghijklmnop1234')).toBe('…1234');
    expect(maskSecret('abcdefghij')).toBe('…ij');
    expect(maskSecret('abc')).toBe('…');
  });

  it('never shows more than the prefix and four characters', () => {
    const secret = 'sk_live_0123456789abcdefghijklmnopqrstuvwxyz';
    const mask = maskSecret(secret);
    expect(mask.replace('…', '').length).toBeLessThanOrEqual('sk_live_'.length + 4);
  });

  it('spots pasted line breaks and control characters', () => {
    expect(hasControlCharacters('sk_test_abc\n')).toBe(true);
    expect(hasControlCharacters('sk_test_abc')).toBe(false);
  });
});
