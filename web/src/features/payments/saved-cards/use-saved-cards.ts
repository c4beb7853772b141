import { useCallback, useEffect, useState } from 'react';
import { useBrand } from '../../brand';
import { fetchSavedCards, removeSavedCard } from './saved-cards.rest';
import type { SavedCard } from './saved-card-rules';

export interface SavedCardsState {
  cards: SavedCard[];
  loading: boolean;
  /** The failure of the last load, as the server worded it. */
  error: string | null;
  reload: () => Promise<void>;
  remove: (id: string) => Promise<void>;
}

/** The signed-in user's saved cards of the brand's card provider, loaded when `active` (a dialog open). */
export function useSavedCards(active = true): SavedCardsState {
  const { config } = useBrand();
  const [cards, setCards] = useState<SavedCard[]>([]);
  const [loading, setLoading] = useState(active);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setCards(await fetchSavedCards(config.brand));
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setLoading(false);
    }
  }, [config.brand]);

  // Removal errors go to the caller (the dialog shows them beside the card); the list is the server's answer.
  const remove = useCallback(async (id: string) => setCards(await removeSavedCard(id, config.brand)), [config.brand]);

  useEffect(() => {
    if (active) void reload();
  }, [active, reload]);

  return { cards, loading, error, reload, remove };
}
