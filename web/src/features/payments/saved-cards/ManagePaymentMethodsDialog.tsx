import { Alert, Grid, Modal, Typography } from 'antd';
import { SaveCardSection } from './SaveCardSection';
import { SavedCardList } from './SavedCardList';
import { useSavedCards } from './use-saved-cards';

/**
 * The Manage Payment Methods dialog (spec 000 section 2: titled Manage, with a Save Card button;
 * issue 17 "Saved cards"): the saved cards with Remove, and Save Card through the brand's card
 * element. Full-screen on small screens like the Payment dialog. The list is reloaded from the
 * server after every save attempt, so a declined card visibly leaves it unchanged.
 */
export function ManagePaymentMethodsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  const saved = useSavedCards(open);
  return (
    <Modal
      open={open}
      title="Manage"
      onCancel={onClose}
      footer={null}
      width={screens.md ? 560 : '100%'}
      className={screens.md ? undefined : 'ts-fullscreen-modal'}
      destroyOnHidden
    >
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        Saved cards
      </Typography.Title>
      {saved.error ? <Alert type="error" showIcon title={saved.error} role="alert" className="ts-form-notice" /> : null}
      <SavedCardList cards={saved.cards} loading={saved.loading} remove={saved.remove} />
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
        Add a card
      </Typography.Title>
      <SaveCardSection onSaveAttempt={saved.reload} />
    </Modal>
  );
}
