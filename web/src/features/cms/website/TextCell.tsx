import { Col, Form, Input } from 'antd';

/**
 * One labelled text input in the Website forms' two-column grid (full width on phones). `error`
 * shows beside it; `id` is the input's id, which the label points to.
 */
export function TextCell({
  id,
  label,
  value,
  onChange,
  type,
  required,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'email';
  required?: boolean;
  error?: string;
}) {
  return (
    <Col xs={24} sm={12}>
      <Form.Item label={label} htmlFor={id} required={required} validateStatus={error ? 'error' : undefined} help={error}>
        <Input id={id} type={type} value={value} onChange={(event) => onChange(event.target.value)} />
      </Form.Item>
    </Col>
  );
}
