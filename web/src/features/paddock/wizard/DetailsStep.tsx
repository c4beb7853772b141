import { Form, Typography } from 'antd';
import type { PropertyField } from '../listing-fields';
import { ListingFieldInput } from './ListingFieldInput';

/** Step 3: the category's property fields with their messages once Next was pressed. */
export function DetailsStep({
  fields,
  values,
  errors,
  touched,
  onChange,
}: {
  fields: PropertyField[];
  values: Record<string, unknown>;
  errors: Record<string, string | null>;
  touched: boolean;
  onChange: (name: string, value: unknown) => void;
}) {
  if (fields.length === 0) return <Typography.Paragraph>No additional details for this category.</Typography.Paragraph>;
  return (
    <>
      {fields.map((field) => {
        const message = touched ? errors[field.name] : null;
        return (
          <Form.Item
            key={field.id}
            label={field.label}
            htmlFor={`extra-${field.name}`}
            tooltip={field.tooltip ?? undefined}
            validateStatus={message ? 'error' : undefined}
            help={message ?? undefined}
          >
            <ListingFieldInput
              field={field}
              invalid={Boolean(message)}
              value={values[field.name]}
              onChange={(value) => onChange(field.name, value)}
            />
          </Form.Item>
        );
      })}
    </>
  );
}
