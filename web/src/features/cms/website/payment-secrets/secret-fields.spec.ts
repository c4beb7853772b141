import { describe, expect, it } from 'vitest';
import { brandWebhookPath, changeOf, storedLabel } from './secret-fields';

describe('payment secret fields', () => {
  it('shows the mask of a stored secret, else Not set', () => {
    expect(storedLabel(true, 'sk_test_…4242')).toBe('sk_test_…4242');
    expect(storedLabel(false, null)).toBe('Not set');
  });

  it('sends only the fields typed into, trimmed', () => {
    expect(changeOf({ secretKey: ' sk_test_abc ', webhookSecret: '' })).toEqual({ secretKey: 'sk_test_abc' });
    expect(changeOf({ secretKey: '  ' })).toBeNull();
    expect(changeOf({ secretKey: 'a', webhookSecret: 'b' })).toEqual({ secretKey: 'a', webhookSecret: 'b' });
  });

  it("names the brand's own notification path", () => {
    expect(brandWebhookPath('STRIPE', 'jewelry')).toBe('/webhooks/payment/stripe/jewelry');
    expect(brandWebhookPath('CRYPTO_DOT_COM', 'trackside')).toBe('/webhooks/payment/crypto-com/trackside');
  });
});
