import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { PackageLimitFields, PackagePriceFields } from './PackageFields';
import { NEW_PACKAGE, packageErrors, type PackageDraft } from './pricing-forms';
import type { PackageRow } from './pricing.operations';
import { StaffDialog } from './StaffDialog';
import type { StaffDialogProps } from './StaffList';
import { useStaffDraft } from './use-staff-draft';

/** Creates or edits a pricing package: title, type, prices by payment option, limits and selling points. */
export function PackageDialog({ initial, busy, onSave, onClose }: StaffDialogProps<PackageRow, PackageDraft>) {
  const { draft, set, errors, submit } = useStaffDraft<PackageDraft, 'title'>(
    () => {
      if (!initial) return NEW_PACKAGE;
      const { id: _id, priceLabel: _label, ...rest } = initial;
      return rest;
    },
    packageErrors,
    onSave,
  );
  return (
    <StaffDialog
      width={720}
      title={initial ? `Edit ${initial.title}` : 'New package'}
      noun="package"
      busy={busy}
      onOk={submit}
      onCancel={onClose}
    >
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item label="Title" htmlFor="package-title" required validateStatus={errors.title ? 'error' : undefined} help={errors.title}>
            <Input id="package-title" value={draft.title} onChange={(event) => set({ title: event.target.value })} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item label="Type" htmlFor="package-type">
            <Select
              id="package-type"
              disabled={initial !== null}
              value={draft.type}
              onChange={(type) => set({ type })}
              options={['LISTING', 'AUCTION', 'DIRECTORY'].map((value) => ({ value, label: value }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item label="Currency" htmlFor="package-currency">
            <Input
              id="package-currency"
              value={draft.currency}
              maxLength={3}
              onChange={(event) => set({ currency: event.target.value.toUpperCase() })}
            />
          </Form.Item>
        </Col>
        <PackagePriceFields draft={draft} set={set} />
        <PackageLimitFields draft={draft} set={set} />
      </Row>
      <Form.Item label="Selling points (one a line)" htmlFor="package-points">
        <Input.TextArea
          id="package-points"
          autoSize={{ minRows: 2 }}
          value={draft.sellingPoints.map((point) => point.text).join('\n')}
          onChange={(event) => set({ sellingPoints: event.target.value.split('\n').map((text) => ({ text, subtext: null })) })}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col>
          <Form.Item label="Featured" htmlFor="package-featured">
            <Switch id="package-featured" checked={draft.featured} onChange={(featured) => set({ featured })} />
          </Form.Item>
        </Col>
        <Col>
          <Form.Item label="Enabled" htmlFor="package-enabled">
            <Switch id="package-enabled" checked={draft.enabled} onChange={(enabled) => set({ enabled })} />
          </Form.Item>
        </Col>
      </Row>
    </StaffDialog>
  );
}
