import { AUCTION_INPUT_MESSAGES, tooManyImagesMessage } from '@trackside/contracts';
import { lotInputError } from './lot-errors';
import type { EditAuctionInput } from './lot-inputs';

/**
 * Input checks of createAuction / updateAuction that come before the decider (issue 18, L9: the probe
 * stored `not-a-uuid-<script>` as an image and `XXX` as a currency). The decider keeps the spec's
 * business rules; these refuse what can never be valid, with the same code and messages.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IMAGE_GROUPS = ['exterior', 'interior', 'mechanical', 'documents'] as const;
export const MAX_IMAGES_PER_GROUP = 100;

/**
 * ISO 4217 codes that are not money a lot can be sold in: precious metals, fund and settlement units,
 * the testing code and "no currency" (XXX), which Intl lists beside the real ones.
 */
const NOT_MONEY = new Set(['XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX']);
const CURRENCIES = new Set(Intl.supportedValuesOf('currency').filter((code) => !NOT_MONEY.has(code)));

export function isKnownCurrency(code: string): boolean {
  return CURRENCIES.has(code);
}

export function lotInputProblem(input: EditAuctionInput): string | null {
  if (typeof input.currency === 'string' && input.currency.trim() !== '' && !isKnownCurrency(input.currency.trim()))
    return AUCTION_INPUT_MESSAGES.currencyUnknown;
  for (const group of IMAGE_GROUPS) {
    const ids = input[group];
    if (!ids) continue;
    if (ids.length > MAX_IMAGES_PER_GROUP) return tooManyImagesMessage(MAX_IMAGES_PER_GROUP);
    if (ids.some((id) => typeof id !== 'string' || !UUID.test(id))) return AUCTION_INPUT_MESSAGES.imageUnknown;
  }
  if (input.coverImage !== undefined && input.coverImage !== null && !UUID.test(input.coverImage))
    return AUCTION_INPUT_MESSAGES.imageUnknown;
  return null;
}

export function assertLotInput(input: EditAuctionInput): void {
  const problem = lotInputProblem(input);
  if (problem) throw lotInputError(problem);
}
