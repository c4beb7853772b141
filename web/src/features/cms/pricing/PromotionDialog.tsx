import { useQuery } from '@apollo/client/react';
import { Checkbox, DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { couponLabel, promotionErrors, type PromotionDraft } from './pricing-forms';
import { COUPONS, PACKAGES, type PromotionRow } from './pricing.operations';
import { StaffDialog } from './StaffDialog';
import type { StaffDialogProps } from './StaffList';
import { useStaffDraft } from './use-staff-draft';

/** Creates or edits a promotion code: discount (free, or a coupon), package, limit, expiry, active. */
export function PromotionDialog({ initial, busy, onSave, onClose }: StaffDialogProps<PromotionRow, PromotionDraft>) {
  const { data: coupons } = useQuery(COUPONS);
  const { data: packages } = useQuery(PACKAGES);
  const { draft, set, errors, submit } = useStaffDraft<PromotionDraft, 'code' | 'discount'>(
    {
      code: initial?.code ?? '',
      isFree: initial?.isFree ?? false,
      coupon: initial?.coupon?.id ?? null,
      pricingPackageId: initial?.pricingPackageId ?? null,
      maxRedemptions: initial?.maxRedemptions ?? null,
      expiresAt: initial?.expiresAt ?? null,
      active: initial?.active ?? true,
    },
    promotionErrors,
    onSave,
  );
  return (
    <StaffDialog title={initial ? `Edit ${initial.code}` : 'New promotion'} noun="promotion" busy={busy} onOk={submit} onCancel={onClose}>
      <Form.Item label="Code" htmlFor="promotion-code" required validateStatus={errors.code ? 'error' : undefined} help={errors.code}>
        <Input id="promotion-code" value={draft.code} onChange={(event) => set({ code: event.target.value })} />
      </Form.Item>
      <Form.Item>
        <Checkbox checked={draft.isFree} onChange={(event) => set({ isFree: event.target.checked })}>
          Free (the package costs nothing with this code)
        </Checkbox>
      </Form.Item>
      {!draft.isFree ? (
        <Form.Item label="Coupon" htmlFor="promotion-coupon" validateStatus={errors.discount ? 'error' : undefined} help={errors.discount}>
          <Select
            id="promotion-coupon"
            allowClear
            value={draft.coupon ?? undefined}
            onChange={(coupon) => set({ coupon: coupon ?? null })}
            options={(coupons?.staffCoupons ?? [])
              .filter((coupon) => coupon.active || coupon.id === draft.coupon)
              .map((coupon) => ({ value: coupon.id, label: couponLabel(coupon) }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item label="Package (empty: every package)" htmlFor="promotion-package">
        <Select
          id="promotion-package"
          allowClear
          value={draft.pricingPackageId ?? undefined}
          onChange={(id) => set({ pricingPackageId: id ?? null })}
          options={(packages?.pricingPackages ?? []).map((pkg) => ({ value: pkg.id, label: `${pkg.title} (${pkg.type})` }))}
        />
      </Form.Item>
      <Form.Item label="Uses allowed (empty: no limit)" htmlFor="promotion-limit">
        <InputNumber
          id="promotion-limit"
          min={1}
          precision={0}
          value={draft.maxRedemptions}
          onChange={(value) => set({ maxRedemptions: value ?? null })}
        />
      </Form.Item>
      <Form.Item label="Expires (empty: never)" htmlFor="promotion-expires">
        <DatePicker
          id="promotion-expires"
          showTime
          value={draft.expiresAt ? dayjs(draft.expiresAt) : null}
          onChange={(value) => set({ expiresAt: value ? value.toISOString() : null })}
        />
      </Form.Item>
      <Form.Item label="Active" htmlFor="promotion-active">
        <Switch id="promotion-active" checked={draft.active} onChange={(active) => set({ active })} />
      </Form.Item>
    </StaffDialog>
  );
}
