import { Button, Modal, Typography } from 'antd';
import { continueText, handoffText, type PartnerHandoff } from './partner-handoff';

/** The click-through overlay: this lot is bid on at the partner's site, which the button opens. */
export function PartnerOverlay({ partner, onClose }: { partner: PartnerHandoff | null; onClose: () => void }) {
  return (
    <Modal open={partner !== null} title="Bid with our partner" footer={null} onCancel={onClose} destroyOnHidden>
      {partner ? (
        <div data-testid="partner-overlay">
          <Typography.Paragraph>{handoffText(partner.name)}</Typography.Paragraph>
          <Button
            type="primary"
            size="large"
            href={partner.lotUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
            data-testid="partner-continue"
          >
            {continueText(partner.siteUrl)}
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
