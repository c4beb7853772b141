import { Button, Modal, Space, Typography } from 'antd';
import { PAYMENT_FLOW_MESSAGES } from './payment-flow-messages';

/**
 * The sandbox's stand-in for a bank's 3-D Secure page (issue 17, "Next actions"): an accessible
 * dialog with Approve and Fail. Closing it counts as Fail, so a payment is never left waiting.
 */
export function SandboxChallengeModal({ open, onDecide }: { open: boolean; onDecide: (outcome: 'approve' | 'fail') => void }) {
  return (
    <Modal open={open} title={PAYMENT_FLOW_MESSAGES.challengeTitle} onCancel={() => onDecide('fail')} footer={null} destroyOnHidden>
      <Typography.Paragraph>{PAYMENT_FLOW_MESSAGES.challengeText}</Typography.Paragraph>
      <Space>
        <Button type="primary" onClick={() => onDecide('approve')} autoFocus>
          Approve
        </Button>
        <Button onClick={() => onDecide('fail')}>Fail</Button>
      </Space>
    </Modal>
  );
}
