import { Input, Select, Switch, Typography } from 'antd';
import { MoneyInput } from '../../../lib/money-input';
import { FIELD_MESSAGES, type PropertyField } from '../listing-fields';
import { MakeField } from '../MakeField';
import { RichTextEditor } from '../RichTextEditor';

/** One property field of the category (spec 002 section 5) by its type; an unknown type says 'Undefined Type'. */
export function ListingFieldInput({
  field,
  value,
  onChange,
  invalid,
}: {
  field: PropertyField;
  value: unknown;
  onChange: (value: unknown) => void;
  invalid: boolean;
}) {
  const common = { id: `extra-${field.name}`, disabled: field.disabled, placeholder: field.placeholder ?? undefined };
  switch (field.type) {
    case 'MAKE':
      return (
        <MakeField
          id={common.id}
          label={field.label}
          disabled={field.disabled}
          placeholder={common.placeholder}
          value={String(value ?? '')}
          onChange={onChange}
        />
      );
    case 'TEXT':
    case 'NUMBER':
    case 'FLOAT':
      return (
        <Input
          {...common}
          inputMode={field.type === 'TEXT' ? undefined : 'decimal'}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'PRICE':
      return <MoneyInput {...common} value={String(value ?? '')} onChange={onChange} />;
    case 'SELECT':
      return (
        <Select
          {...common}
          aria-label={field.label}
          placeholder={FIELD_MESSAGES.selectPlaceholder}
          value={(value as string) || undefined}
          options={field.options.map((option) => ({ value: option.name, label: option.name }))}
          onChange={onChange}
          allowClear
        />
      );
    case 'BOOLEAN':
      return <Switch id={common.id} aria-label={field.label} disabled={field.disabled} checked={Boolean(value)} onChange={onChange} />;
    case 'RICH_TEXT':
      return (
        <RichTextEditor
          id={common.id}
          label={field.label}
          disabled={field.disabled}
          invalid={invalid}
          value={String(value ?? '')}
          onChange={onChange}
        />
      );
    default:
      return <Typography.Text type="danger">{FIELD_MESSAGES.undefinedType}</Typography.Text>;
  }
}
