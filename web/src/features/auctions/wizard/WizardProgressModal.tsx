import { Alert, Button, Modal, Space, Spin, Typography } from 'antd';
import type { WizardProgress } from './use-wizard-save';
import { WIZARD_MESSAGES } from './wizard-rules';

/** "Processing…" while the lot and its images are saved; the failure with Close when one step failed. */
export function WizardProgressModal({ progress, title, onClose }: { progress: WizardProgress; title: string; onClose: () => void }) {
  return (
    <Modal
      open={progress !== null}
      footer={progress?.status === 'failed' ? <Button onClick={onClose}>Close</Button> : null}
      closable={progress?.status === 'failed'}
      onCancel={onClose}
      title={title}
    >
      {progress?.status === 'working' ? (
        <Space>
          <Spin />
          <Typography.Text>{progress.text}</Typography.Text>
        </Space>
      ) : null}
      {progress?.status === 'failed' ? (
        <>
          <Alert type="error" title={progress.text} showIcon role="alert" />
          <Typography.Paragraph className="ts-wizard-failed">{WIZARD_MESSAGES.processingFailed}</Typography.Paragraph>
        </>
      ) : null}
    </Modal>
  );
}
