import { Form, Radio, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { cardExpiry, defaultSavedCard, isCardExpired, savedCardName } from './saved-card-rules';
import { useSavedCards, type SavedCardsState } from './use-saved-cards';

/** The "Use a new card" choice. */
export const NEW_CARD = null;

export interface SavedCardChoiceState {
  saved: SavedCardsState;
  /** The chosen saved card's id, or null for a new card (then the dialog shows its card element). */
  cardId: string | null;
  setCardId: (id: string | null) => void;
}

/**
 * The saved cards a payment dialog offers (issue 17: pay with a saved card), loaded while the
 * dialog is open. The first card that has not expired is chosen once the list arrives; without
 * saved cards the choice stays "Use a new card".
 */
export function useSavedCardChoice(open: boolean): SavedCardChoiceState {
  const saved = useSavedCards(open);
  const [cardId, setCardId] = useState<string | null>(NEW_CARD);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) setCardId(defaultSavedCard(saved.cards, new Date())?.id ?? NEW_CARD);
  }, [saved.cards, touched]);
  return {
    saved,
    cardId,
    setCardId: (id) => {
      setTouched(true);
      setCardId(id);
    },
  };
}

/**
 * The confirm-payment body fields for the choice (docs/payments.md): a saved card is sent by its id,
 * a new card by the element's token in `sourceId` (the dialog adds that one).
 */
export function savedCardPaymentFields(cardId: string | null): { useSavedCard: boolean; savedCardId?: string } {
  return cardId ? { useSavedCard: true, savedCardId: cardId } : { useSavedCard: false };
}

/**
 * A radio list of the saved cards plus "Use a new card" for the payment dialogs. Renders nothing
 * while there are no saved cards, so a dialog can always place it above its card element.
 */
export function SavedCardChoice({ choice }: { choice: SavedCardChoiceState }) {
  const { cards } = choice.saved;
  if (cards.length === 0) return null;
  const now = new Date();
  return (
    <Form.Item label="Card to pay with">
      <Radio.Group
        vertical
        aria-label="Card to pay with"
        value={choice.cardId ?? 'new'}
        onChange={(event) => choice.setCardId(event.target.value === 'new' ? NEW_CARD : String(event.target.value))}
      >
        {cards.map((card) => {
          const expired = isCardExpired(card, now);
          return (
            <Radio key={card.id} value={card.id} disabled={expired}>
              {savedCardName(card)}, expires {cardExpiry(card)}
              {expired ? (
                <Tag color="red" style={{ marginLeft: 8 }}>
                  Expired
                </Tag>
              ) : null}
            </Radio>
          );
        })}
        <Radio value="new">Use a new card</Radio>
      </Radio.Group>
    </Form.Item>
  );
}
