import { Modal, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { RestError, restPost } from '../../lib/rest';
import type { Directory } from './directory.operations';
import { cancelConfirmationText } from './subscription-rules';

/**
 * Asks before cancelling a directory entry's Featured plan and says until when it stays active
 * (issue 17); only the confirm button cancels (POST /directories/cancel/{id}). Closing the dialog in
 * any other way changes nothing.
 */
export function CancelSubscriptionDialog({
  entry,
  brand,
  onClose,
  onCancelled,
}: {
  entry: Directory;
  brand: string;
  onClose: () => void;
  onCancelled: (entry: Directory) => void;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await restPost<{ message: string; directory: Directory }>(
        `/directories/cancel/${encodeURIComponent(entry.id)}`,
        {},
        brand,
      );
      notify('success', answer.message || 'Subscription cancelled.');
      onCancelled(answer.directory);
    } catch (error) {
      // The server's catalogue message ('Failed to cancel subscription.', 'Access denied...').
      notify('error', error instanceof RestError ? error.message : 'Failed to cancel subscription.');
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`Cancel the Featured plan of ${entry.name}?`}
      okText="Cancel Subscription"
      cancelText="Keep Subscription"
      okButtonProps={{ loading: busy }}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph data-testid="cancel-subscription-until">
        {cancelConfirmationText(entry.subscriptionPeriodEnd)}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        After that the entry stays listed as a regular one until you pay for the plan again.
      </Typography.Paragraph>
    </Modal>
  );
}
