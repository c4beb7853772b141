import { Form, Grid, Modal, Radio, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { PaymentForm } from '../payments/PaymentForm';
import { type PricingPackage } from './pricing.operations';
import { paymentOptions, priceLabel, type PaymentType } from '../directory/directory-rules';

/**
 * The plan payment dialog (spec 002 sections 4 and 7; issue 17): the package's payment options,
 * then the shared PaymentForm (the server's price with the promo breakdown, the brand's card element
 * or Crypto.com Pay, the terms). Changing the option starts a fresh form priced for that option.
 */
export function PackagePaymentDialog({
  open,
  itemId,
  itemType,
  pkg,
  onClose,
  onPaid,
}: {
  open: boolean;
  itemId: string;
  itemType: 'DIRECTORY' | 'LISTING';
  pkg: PricingPackage;
  onClose: () => void;
  onPaid: () => void;
}) {
  const screens = Grid.useBreakpoint();
  const options = paymentOptions(pkg);
  const [paymentType, setPaymentType] = useState<PaymentType>(options[0]?.type ?? 'ONE_TIME');
  const item = useMemo(() => ({ itemId, itemType, paymentType, packageId: pkg.id }), [itemId, itemType, paymentType, pkg.id]);
  return (
    <Modal
      open={open}
      title="Payment"
      onCancel={onClose}
      footer={null}
      width={screens.md ? 560 : '100%'}
      className={screens.md ? undefined : 'ts-fullscreen-modal'}
      destroyOnHidden
    >
      <Typography.Paragraph strong>{pkg.title}</Typography.Paragraph>
      {options.length > 0 ? (
        <Form layout="vertical">
          <Form.Item label="Payment option">
            <Radio.Group
              value={paymentType}
              onChange={(event) => setPaymentType(event.target.value as PaymentType)}
              aria-label="Payment option"
            >
              <Space direction="vertical">
                {options.map((option) => (
                  <Radio key={option.type} value={option.type}>
                    {priceLabel(pkg, option.type)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        </Form>
      ) : null}
      <PaymentForm key={paymentType} item={item} requireTerms label={`Pay ${priceLabel(pkg, paymentType)}`} onPaid={onPaid} />
    </Modal>
  );
}
