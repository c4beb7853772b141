import { restPost } from '../../../lib/rest';
import type { SavedCard } from './saved-card-rules';

/**
 * The saved-card calls of the identity service (docs/payments.md, issue 17 "Saved cards"). Only
 * provider tokens travel: the card element turns the typed card into a token in the browser.
 */
interface CardsAnswer {
  code: number;
  cards: SavedCard[];
}

export async function fetchSavedCards(brand: string): Promise<SavedCard[]> {
  const answer = await restPost<CardsAnswer>('/payment/saved-cards', {}, brand);
  return answer.cards ?? [];
}

export async function removeSavedCard(id: string, brand: string): Promise<SavedCard[]> {
  const answer = await restPost<CardsAnswer>('/payment/saved-cards/remove', { id }, brand);
  return answer.cards ?? [];
}

/**
 * Save Card: a setup intent first (the provider's client secret, which the Stripe and Square
 * elements need to collect the card), then the element's token is checked and kept. A card whose
 * check declines is not saved: the server answers the decline message and keeps the list as it was.
 */
export async function startCardSetup(brand: string): Promise<string | null> {
  const answer = await restPost<{ clientSecret?: string | null }>('/payment/setup-intent', {}, brand);
  return answer.clientSecret ?? null;
}

export async function saveCardToken(sourceId: string, brand: string): Promise<{ message: string }> {
  const answer = await restPost<{ message?: string }>('/payment/confirm-card-and-save', { sourceId }, brand);
  return { message: answer.message ?? '' };
}
