import { PAYMENT_MESSAGES } from '@trackside/contracts/errors/payment-error-codes';
import { Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { RestError } from '../../../lib/rest';
import { useBrand } from '../../brand';
import { useCardElement } from '../use-card-element';
import { usePaymentSettings } from '../use-payment-settings';
import { saveCardToken, startCardSetup } from './saved-cards.rest';

export const SAVE_CARD_TEXTS = { saving: 'Saving your card…' } as const;

/**
 * Save Card of the Manage dialog: the brand's card element (sandbox, Stripe or Square; the number
 * never leaves the browser) turned into a token, a setup intent, then confirm-card-and-save. The
 * server checks the card first and keeps only a card that passes; a decline shows its message
 * ("Card declined") above the fields and nothing is saved. `onSaveAttempt` reloads the list either way.
 */
export function SaveCardSection({ onSaveAttempt }: { onSaveAttempt: () => Promise<void> }) {
  const { config } = useBrand();
  const settings = usePaymentSettings();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A new key mounts a fresh, empty element after a card was saved.
  const [round, setRound] = useState(0);
  const card = useCardElement(settings, { mode: 'setup', error });
  const ready = card.kind !== 'loading' && card.kind !== 'unavailable';

  const save = async () => {
    setError(null);
    setSaving(true);
    try {
      // Field messages (such as a card that is not a test card) already show beside the fields.
      const token = await card.tokenize();
      if (!token.ok) return;
      await startCardSetup(config.brand);
      const answer = await saveCardToken(token.token, config.brand);
      notify('success', answer.message || PAYMENT_MESSAGES.cardSaved);
      setRound((value) => value + 1);
      await onSaveAttempt();
    } catch (failure) {
      setError(failure instanceof RestError && failure.message ? failure.message : PAYMENT_MESSAGES.unexpectedError);
      await onSaveAttempt();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void save()} noValidate data-testid="save-card-form">
      <div key={round}>{card.element}</div>
      <Button type="primary" htmlType="submit" loading={saving} disabled={!ready}>
        Save Card
      </Button>
      <div role="status" aria-live="polite" style={{ marginTop: 8 }}>
        {saving ? <Typography.Text type="secondary">{SAVE_CARD_TEXTS.saving}</Typography.Text> : null}
      </div>
    </Form>
  );
}
