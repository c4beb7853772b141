/**
 * The Square Web Payments SDK, typed as far as the card element uses it, and its loading (tested in
 * square-sdk.spec.ts). The SDK is a script of Square's (no package): its URL depends on the
 * application id (sandbox ids start with 'sandbox-'); it is added once, on first use, by the lazy
 * Square element only. The CSP allow-list it needs is in docs/payments.md.
 */
export interface SquareTokenResult {
  status: string;
  token?: string;
  errors?: Array<{ message?: string }>;
}

export interface SquareCard {
  attach(selector: string | HTMLElement): Promise<void>;
  tokenize(): Promise<SquareTokenResult>;
  destroy(): Promise<boolean>;
}

export interface SquareVerificationDetails {
  amount: string;
  currencyCode: string;
  intent: 'CHARGE' | 'STORE';
  billingContact: Record<string, unknown>;
}

export interface SquarePayments {
  card(): Promise<SquareCard>;
  verifyBuyer(source: string, details: SquareVerificationDetails): Promise<{ token?: string } | null>;
}

interface SquareGlobal {
  payments(appId: string, locationId: string): SquarePayments | Promise<SquarePayments>;
}

export const SQUARE_SCRIPT_URLS = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

/** The SDK for this application: Square's sandbox application ids start with 'sandbox-'. */
export function squareScriptUrl(appId: string): string {
  return appId.startsWith('sandbox-') ? SQUARE_SCRIPT_URLS.sandbox : SQUARE_SCRIPT_URLS.production;
}

/** verifyBuyer's details for a charge of `amount` (2 decimals, as Square wants a string). */
export function squareVerificationDetails(amount: number, currency: string, intent: 'CHARGE' | 'STORE'): SquareVerificationDetails {
  return { amount: amount.toFixed(2), currencyCode: currency.toUpperCase(), intent, billingContact: {} };
}

/** The first message of a failed tokenize, else the caller's fallback. */
export function squareTokenMessage(result: SquareTokenResult, fallback: string): string {
  return result.errors?.find((error) => error.message)?.message ?? fallback;
}

const loading = new Map<string, Promise<SquareGlobal>>();

/** Adds Square's script once per URL and answers window.Square. */
export function loadSquare(url: string, doc: Document = document): Promise<SquareGlobal> {
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise<SquareGlobal>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => {
        const square = (doc.defaultView as (Window & { Square?: SquareGlobal }) | null)?.Square;
        if (square) resolve(square);
        else reject(new Error('Square SDK missing after load'));
      };
      script.onerror = () => {
        loading.delete(url);
        reject(new Error('Square SDK failed to load'));
      };
      doc.head.appendChild(script);
    });
    loading.set(url, promise);
  }
  return promise;
}
