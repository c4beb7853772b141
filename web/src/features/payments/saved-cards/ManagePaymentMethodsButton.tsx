import { CreditCardOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { ManagePaymentMethodsDialog } from './ManagePaymentMethodsDialog';

/**
 * "Manage" (spec 000 section 2, Manage Payment Methods dialog): opens the saved cards. Placed in
 * the dashboard's transactions header and, as a link-styled button, in the payment dialogs
 * (`type="link"`); `onClosed` lets a payment dialog reload its saved-card choice afterwards.
 */
export function ManagePaymentMethodsButton({ onClosed, ...button }: Omit<ButtonProps, 'onClick'> & { onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<CreditCardOutlined />} aria-label="Manage payment methods" {...button} onClick={() => setOpen(true)}>
        Manage
      </Button>
      <ManagePaymentMethodsDialog
        open={open}
        onClose={() => {
          setOpen(false);
          onClosed?.();
        }}
      />
    </>
  );
}
