import { Select } from 'antd';
import type { FormikProps } from 'formik';
import { FieldRow } from '../../../lib/forms/FieldRow';
import type { Basic } from './listing-wizard-values';

/** A formik-bound select row of the wizard; long lists (countries, states) can be searched by typing. */
export function WizardSelect({
  formik,
  name,
  label,
  options,
  onPick,
  disabled,
  error,
}: {
  formik: FormikProps<Basic>;
  name: keyof Basic & string;
  label: string;
  options: Array<{ value: string; label: string }>;
  onPick?: (value: string) => void;
  disabled?: boolean;
  /** A message of the wizard's own beside the field (e.g. the package's listing limit). */
  error?: string | null;
}) {
  const select = (
    <Select
      id={name}
      aria-label={label}
      disabled={disabled}
      showSearch={options.length > 10}
      optionFilterProp="label"
      virtual={false}
      value={(formik.values[name] as string) || undefined}
      options={options}
      status={error ? 'error' : undefined}
      onChange={(value: string) => {
        void formik.setFieldValue(name, value);
        onPick?.(value);
      }}
      onBlur={() => void formik.setFieldTouched(name, true)}
    />
  );
  return (
    <FieldRow formik={formik} name={name} label={label}>
      {select}
      {error ? (
        <div className="ant-form-item-explain-error" role="alert" data-testid={`${name}-problem`}>
          {error}
        </div>
      ) : null}
    </FieldRow>
  );
}
