import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { AUCTION_ERROR_MESSAGES } from '@trackside/contracts/errors/auction-error-codes';

/** Disapprove with a reason: the seller reads it, so it is required (1,000 characters at most). */
export function ReasonDialog({
  title,
  okText,
  onSubmit,
  onClose,
}: {
  title: string;
  okText: string;
  onSubmit: (reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const text = reason.trim();
    if (text === '') return setProblem(AUCTION_ERROR_MESSAGES['auction.remedy.reason.required']);
    if (text.length > 1000) return setProblem(AUCTION_ERROR_MESSAGES['auction.remedy.reason.tooLong']);
    setBusy(true);
    const done = await onSubmit(text);
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal open title={title} okText={okText} okButtonProps={{ loading: busy }} onOk={() => void submit()} onCancel={onClose}>
      <Form layout="vertical" component="div">
        <Form.Item label="Reason (the seller sees it)" htmlFor="lot-reason" validateStatus={problem ? 'error' : undefined} help={problem}>
          <Input.TextArea
            id="lot-reason"
            rows={4}
            maxLength={1000}
            showCount
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
