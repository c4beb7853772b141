import { Checkbox, Col, Form, InputNumber } from 'antd';
import { PAYMENT_OPTIONS, type PackageDraft } from './pricing-forms';

const LIMITS = [
  ['imageLimit', 'Images'],
  ['videoLimit', 'Videos'],
  ['listingLimit', 'Listings'],
  ['activePeriod', 'Active days'],
  ['weighting', 'Weighting'],
] as const;

/** A package's price and its "Offer …" checkbox per payment option. */
export function PackagePriceFields({ draft, set }: { draft: PackageDraft; set: (patch: Partial<PackageDraft>) => void }) {
  return (
    <>
      {PAYMENT_OPTIONS.map(([key, label]) => (
        <Col xs={12} sm={6} key={key}>
          <Form.Item label={`${label} price`} htmlFor={`package-${key}`}>
            <InputNumber
              id={`package-${key}`}
              min={0}
              precision={2}
              value={draft[key].price}
              onChange={(price) => set({ [key]: { ...draft[key], price: price ?? 0 } })}
            />
          </Form.Item>
          <Checkbox checked={draft[key].enabled} onChange={(event) => set({ [key]: { ...draft[key], enabled: event.target.checked } })}>
            Offer {label.toLowerCase()}
          </Checkbox>
        </Col>
      ))}
    </>
  );
}

/** A package's limits (images, videos, listings, active days, weighting). */
export function PackageLimitFields({ draft, set }: { draft: PackageDraft; set: (patch: Partial<PackageDraft>) => void }) {
  return (
    <>
      {LIMITS.map(([key, label]) => (
        <Col xs={12} sm={4} key={key} style={{ marginTop: 12 }}>
          <Form.Item label={label} htmlFor={`package-${key}`}>
            <InputNumber
              id={`package-${key}`}
              min={0}
              precision={0}
              value={draft[key]}
              onChange={(value) => set({ [key]: value ?? (key === 'activePeriod' ? null : 0) })}
            />
          </Form.Item>
        </Col>
      ))}
    </>
  );
}
