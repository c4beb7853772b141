import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Form, Input, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { ProviderSecretsForm } from './payment-secrets/ProviderSecretsForm';
import { usePaymentSecrets } from './payment-secrets/usePaymentSecrets';
import { PAYMENT_CONFIGURATION, UPDATE_PAYMENT_CONFIGURATION, type PaymentConfiguration } from './website.operations';

const PROVIDERS = [
  {
    provider: 'SQUARE',
    label: 'Square',
    fields: [
      ['appId', 'Application ID'],
      ['locationId', 'Location ID'],
    ],
  },
  { provider: 'STRIPE', label: 'Stripe', fields: [['stripePublishableKey', 'Publishable key']] },
  { provider: 'CRYPTO_DOT_COM', label: 'Crypto.com', fields: [] },
] as const;
type KeyField = 'appId' | 'locationId' | 'stripePublishableKey';
type Keys = Record<string, Partial<Record<KeyField, string>>>;

/**
 * The brand's card provider (superAdmin): which one is active and the public keys the browser
 * needs, and below them the brand's own secret keys, write-only and shown masked (identity stores
 * them encrypted; docs/back-office.md "Payments", docs/payments.md "Per-brand secrets").
 */
export function PaymentSection() {
  const { data, error } = useQuery(PAYMENT_CONFIGURATION, { fetchPolicy: 'network-only' });
  const [update, { loading }] = useMutation(UPDATE_PAYMENT_CONFIGURATION, { refetchQueries: [PAYMENT_CONFIGURATION] });
  const [active, setActive] = useState('SQUARE');
  const [keys, setKeys] = useState<Keys>({});
  const secrets = usePaymentSecrets();
  useEffect(() => {
    const rows: PaymentConfiguration[] = data?.paymentConfigurationByBrand ?? [];
    setActive(rows.find((row) => row.active)?.provider ?? 'SQUARE');
    setKeys(
      Object.fromEntries(
        rows.map((row) => [
          row.provider,
          { appId: row.appId ?? '', locationId: row.locationId ?? '', stripePublishableKey: row.stripePublishableKey ?? '' },
        ]),
      ),
    );
  }, [data]);
  if (error) return <Alert type="error" showIcon title={serverError(error).message} />;
  const save = async (provider: string) => {
    const own = keys[provider] ?? {};
    const fields = Object.fromEntries(Object.entries(own).map(([key, value]) => [key, value?.trim() || null]));
    try {
      await update({ variables: { data: { provider, active: provider === active, ...fields } } });
      notify('success', `${provider} settings saved.`);
    } catch (failure) {
      notify('error', serverError(failure).message);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {secrets.error ? <Alert type="error" showIcon title={serverError(secrets.error).message} /> : null}
      <Radio.Group aria-label="Active card provider" value={active} onChange={(event) => setActive(event.target.value as string)}>
        {PROVIDERS.map(({ provider, label }) => (
          <Radio key={provider} value={provider}>
            {label}
          </Radio>
        ))}
      </Radio.Group>
      <Typography.Text type="secondary">Choose the active provider, then save that provider.</Typography.Text>
      {PROVIDERS.map(({ provider, label, fields }) => (
        <Card key={provider} size="small" title={label}>
          <Form layout="vertical" component="div">
            {fields.map(([key, fieldLabel]) => (
              <Form.Item key={key} label={fieldLabel} htmlFor={`payment-${provider}-${key}`}>
                <Input
                  id={`payment-${provider}-${key}`}
                  value={keys[provider]?.[key] ?? ''}
                  onChange={(event) => setKeys({ ...keys, [provider]: { ...keys[provider], [key]: event.target.value } })}
                />
              </Form.Item>
            ))}
            <Button onClick={() => void save(provider)} loading={loading}>
              Save {label}
            </Button>
          </Form>
          <ProviderSecretsForm provider={provider} label={label} stored={secrets.byProvider[provider]} />
        </Card>
      ))}
    </Space>
  );
}
