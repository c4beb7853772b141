import { Form, Input, InputNumber, Modal, Radio, Switch } from 'antd';
import { useState } from 'react';
import { couponErrors, type CouponDraft } from './pricing-forms';
import type { CouponRow } from './pricing.operations';

/** Creates or edits a coupon: a percentage or a fixed amount off. */
export function CouponDialog({
  initial,
  busy,
  onSave,
  onClose,
}: {
  initial: CouponRow | null;
  busy: boolean;
  onSave: (draft: CouponDraft) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<CouponDraft>({
    name: initial?.name ?? '',
    kind: initial?.amountOff !== null && initial?.amountOff !== undefined ? 'amount' : 'percent',
    value: initial?.percentOff ?? initial?.amountOff ?? null,
    currency: initial?.currency ?? 'USD',
    active: initial?.active ?? true,
  });
  const [touched, setTouched] = useState(false);
  const errors = touched ? couponErrors(draft) : {};
  const set = (patch: Partial<CouponDraft>) => setDraft({ ...draft, ...patch });
  const submit = () => {
    setTouched(true);
    if (Object.keys(couponErrors(draft)).length === 0) onSave(draft);
  };
  return (
    <Modal
      open
      title={initial ? `Edit ${initial.name}` : 'New coupon'}
      okText="Save coupon"
      okButtonProps={{ loading: busy }}
      onOk={submit}
      onCancel={onClose}
    >
      <Form layout="vertical" component="div">
        <Form.Item label="Name" htmlFor="coupon-name" required validateStatus={errors.name ? 'error' : undefined} help={errors.name}>
          <Input id="coupon-name" value={draft.name} onChange={(event) => set({ name: event.target.value })} />
        </Form.Item>
        <Form.Item label="Discount">
          <Radio.Group
            aria-label="Discount kind"
            value={draft.kind}
            onChange={(event) => set({ kind: event.target.value as CouponDraft['kind'] })}
          >
            <Radio value="percent">Percent off</Radio>
            <Radio value="amount">Amount off</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          label={draft.kind === 'percent' ? 'Percent' : `Amount (${draft.currency})`}
          htmlFor="coupon-value"
          required
          validateStatus={errors.value ? 'error' : undefined}
          help={errors.value}
        >
          <InputNumber id="coupon-value" min={0} value={draft.value} onChange={(value) => set({ value: value ?? null })} />
        </Form.Item>
        <Form.Item label="Active" htmlFor="coupon-active">
          <Switch id="coupon-active" checked={draft.active} onChange={(active) => set({ active })} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
