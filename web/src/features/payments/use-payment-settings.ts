import { useEffect, useState } from 'react';
import { RestError } from '../../lib/rest';
import { useBrand } from '../brand';
import { PAYMENT_MESSAGES } from '../auctions/bidding/payment-messages';
import { paymentApi, type PaymentSettings } from './payment-api';

const cache = new Map<string, Promise<PaymentSettings>>();

/** A brand's payment settings when they cannot be read: no card form, the reason shown (fail closed). */
export function unavailableSettings(message: string): PaymentSettings {
  return {
    available: false,
    message,
    provider: 'STRIPE',
    adapter: null,
    stripePublishableKey: null,
    squareAppId: null,
    squareLocationId: null,
    cryptoEnabled: false,
    currency: 'USD',
  };
}

function loadSettings(brand: string): Promise<PaymentSettings> {
  let promise = cache.get(brand);
  if (!promise) {
    promise = paymentApi.settings(brand).catch((error: unknown) => {
      cache.delete(brand); // asked again by the next dialog
      // A catalogue refusal says why; anything else (network, no such route) is the spec's "disabled".
      return unavailableSettings(error instanceof RestError && error.code ? error.message : PAYMENT_MESSAGES.disabled);
    });
    cache.set(brand, promise);
  }
  return promise;
}

/** POST /payment/settings for the current brand, once per page load; null while it loads. */
export function usePaymentSettings(): PaymentSettings | null {
  const { config } = useBrand();
  const [settings, setSettings] = useState<PaymentSettings | null>(null);
  useEffect(() => {
    let live = true;
    void loadSettings(config.brand).then((loaded) => {
      if (live) setSettings(loaded);
    });
    return () => {
      live = false;
    };
  }, [config.brand]);
  return settings;
}
