import { Alert, Form, Input, Space } from 'antd';
import { useImperativeHandle, useState, type Ref } from 'react';
import type { CardElementHandle } from './card-element-types';
import { EMPTY_SANDBOX_CARD, sandboxTokenize, type SandboxCardErrors, type SandboxCardField, type SandboxCardValues } from './sandbox-card';

const FIELDS: ReadonlyArray<{ name: SandboxCardField; label: string; autoComplete: string; placeholder?: string; numeric?: boolean }> = [
  { name: 'expiry', label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', placeholder: '12/30' },
  { name: 'cvc', label: 'CVC', autoComplete: 'cc-csc', numeric: true },
  { name: 'postal', label: 'Postal code', autoComplete: 'postal-code' },
];

/**
 * The sandbox's card element: number, MM/YY, CVC and postal code typed here and turned into a
 * `tok_sandbox_…` token in the browser (sandbox-card.ts); the number is never sent. Field messages
 * show beside their fields once the user asked to pay; the server's card error shows above them.
 */
export function SandboxCardElement({ ref, error }: { ref?: Ref<CardElementHandle>; error?: string | null }) {
  const [values, setValues] = useState<SandboxCardValues>(EMPTY_SANDBOX_CARD);
  const [errors, setErrors] = useState<SandboxCardErrors>({});

  useImperativeHandle(
    ref,
    () => ({
      tokenize: async () => {
        const result = sandboxTokenize(values);
        if (result.ok) {
          setErrors({});
          return result;
        }
        setErrors(result.errors);
        return { ok: false, message: Object.values(result.errors)[0] ?? '' };
      },
    }),
    [values],
  );

  const field = (name: SandboxCardField) => ({
    id: name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });
  const status = (name: SandboxCardField) => (errors[name] ? ('error' as const) : undefined);

  return (
    <div className="ts-card-element" data-testid="sandbox-card-element">
      {error ? <Alert type="error" title={error} showIcon role="alert" className="ts-form-notice" /> : null}
      <Form.Item label="Card number" htmlFor="cardNumber" validateStatus={status('cardNumber')} help={errors.cardNumber}>
        <Input inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" {...field('cardNumber')} />
      </Form.Item>
      <Space wrap>
        {FIELDS.map((entry) => (
          <Form.Item
            key={entry.name}
            label={entry.label}
            htmlFor={entry.name}
            validateStatus={status(entry.name)}
            help={errors[entry.name]}
          >
            <Input
              autoComplete={entry.autoComplete}
              placeholder={entry.placeholder}
              inputMode={entry.numeric ? 'numeric' : undefined}
              {...field(entry.name)}
            />
          </Form.Item>
        ))}
      </Space>
    </div>
  );
}
