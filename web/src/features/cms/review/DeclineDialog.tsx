import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

/** Asks why (the owner reads it) before declining; a reason is required. `change`: only a change to an approved entry is declined. */
export function DeclineDialog({
  name,
  change = false,
  busy,
  onDecline,
  onClose,
}: {
  name: string;
  change?: boolean;
  busy: boolean;
  onDecline: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  return (
    <Modal
      open
      title={change ? `Decline the change to ${name}` : `Decline ${name}`}
      okText={change ? 'Decline change' : 'Decline'}
      okButtonProps={{ loading: busy }}
      onOk={() => {
        setTouched(true);
        if (!missing) onDecline(reason.trim());
      }}
      onCancel={onClose}
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label="Reason (the owner sees it)"
          htmlFor="decline-reason"
          required
          validateStatus={touched && missing ? 'error' : undefined}
          help={touched && missing ? 'Required' : undefined}
        >
          <Input.TextArea
            id="decline-reason"
            autoSize={{ minRows: 3 }}
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
