import { Form, Input, InputNumber, Radio, Switch } from 'antd';
import { couponErrors, type CouponDraft } from './pricing-forms';
import type { CouponRow } from './pricing.operations';
import { StaffDialog } from './StaffDialog';
import type { StaffDialogProps } from './StaffList';
import { useStaffDraft } from './use-staff-draft';

/** Creates or edits a coupon: a percentage or a fixed amount off. */
export function CouponDialog({ initial, busy, onSave, onClose }: StaffDialogProps<CouponRow, CouponDraft>) {
  const { draft, set, errors, submit } = useStaffDraft<CouponDraft, 'name' | 'value'>(
    {
      name: initial?.name ?? '',
      kind: initial?.amountOff !== null && initial?.amountOff !== undefined ? 'amount' : 'percent',
      value: initial?.percentOff ?? initial?.amountOff ?? null,
      currency: initial?.currency ?? 'USD',
      active: initial?.active ?? true,
    },
    couponErrors,
    onSave,
  );
  return (
    <StaffDialog title={initial ? `Edit ${initial.name}` : 'New coupon'} noun="coupon" busy={busy} onOk={submit} onCancel={onClose}>
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
    </StaffDialog>
  );
}
