import { useMutation } from '@apollo/client/react';
import { Button, Divider, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { serverError } from '../../../../lib/errors';
import { notify } from '../../../../lib/notify';
import { useBrand } from '../../../brand/brand-context';
import { PAYMENT_PROVIDER_SECRETS, UPDATE_PAYMENT_PROVIDER_SECRETS, type ProviderSecrets } from './payment-secrets.operations';
import { brandWebhookPath, changeOf, SECRET_FIELDS, storedLabel, type SecretField } from './secret-fields';

interface Props {
  provider: string;
  label: string;
  stored: ProviderSecrets | undefined;
}

/**
 * One provider's secrets, write-only (docs/back-office.md "Payments"): the stored values show only
 * masked ("sk_test_…4242") or "Not set"; the inputs start empty, are password fields the browser
 * does not fill or remember, and are emptied after Save so a value never stays on screen.
 */
export function ProviderSecretsForm({ provider, label, stored }: Props) {
  const { config } = useBrand();
  const names = SECRET_FIELDS[provider] ?? { secretKey: 'Secret key', webhookSecret: 'Webhook secret' };
  const [typed, setTyped] = useState<Partial<Record<SecretField, string>>>({});
  const [update, { loading }] = useMutation(UPDATE_PAYMENT_PROVIDER_SECRETS, { refetchQueries: [PAYMENT_PROVIDER_SECRETS] });
  const send = async (variables: Partial<Record<SecretField, string>>, done: string) => {
    try {
      await update({ variables: { provider, ...variables } });
      setTyped({});
      notify('success', done);
    } catch (failure) {
      notify('error', serverError(failure).message);
    }
  };
  const change = changeOf(typed);
  const anySet = Boolean(stored?.secretKeySet || stored?.webhookSecretSet);
  return (
    <Form layout="vertical" component="div" className="payment-secrets" aria-label={`${label} secrets`}>
      <Divider titlePlacement="start" plain>
        Secrets (write-only)
      </Divider>
      {(['secretKey', 'webhookSecret'] as const).map((field) => {
        const id = `payment-secret-${provider}-${field}`;
        const set = field === 'secretKey' ? stored?.secretKeySet : stored?.webhookSecretSet;
        const masked = field === 'secretKey' ? stored?.secretKeyMasked : stored?.webhookSecretMasked;
        return (
          <Form.Item
            key={field}
            label={names[field]}
            htmlFor={id}
            extra={<span data-testid={`${id}-stored`}>Stored: {storedLabel(Boolean(set), masked ?? null)}</span>}
          >
            <Input.Password
              id={id}
              autoComplete="off"
              visibilityToggle={false}
              placeholder={set ? 'Type a new value to replace it' : 'Not set'}
              value={typed[field] ?? ''}
              onChange={(event) => setTyped({ ...typed, [field]: event.target.value })}
            />
          </Form.Item>
        );
      })}
      <Typography.Paragraph type="secondary">
        Notifications for this brand: <Typography.Text code>{brandWebhookPath(provider, config.brand)}</Typography.Text>
        {stored?.updatedAt
          ? ` · Changed ${new Date(stored.updatedAt).toLocaleString()}${stored.updatedByName ? ` by ${stored.updatedByName}` : ''}`
          : ''}
      </Typography.Paragraph>
      <Space wrap>
        <Button type="primary" disabled={!change} loading={loading} onClick={() => change && void send(change, `${label} secrets saved.`)}>
          Save {label} secrets
        </Button>
        <Popconfirm
          title={`Clear the ${label} secrets?`}
          description="Payments through this provider then use the platform's keys, or stop."
          okText="Clear"
          cancelText="Keep"
          onConfirm={() => send({ secretKey: '', webhookSecret: '' }, `${label} secrets cleared.`)}
          disabled={!anySet}
        >
          <Button danger disabled={!anySet}>
            Clear {label} secrets
          </Button>
        </Popconfirm>
      </Space>
    </Form>
  );
}
