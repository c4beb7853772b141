import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { SocialProviderForm, type SocialProviderDraft } from './SocialProviderForm';
import { SOCIAL_PROVIDERS, UPSERT_SOCIAL_PROVIDER, type SocialProvider } from './website.operations';

/** The brand's social sign-in providers (superAdmin). Client secrets are write-only: only "stored" shows. */
export function SocialProvidersSection() {
  const { data, error } = useQuery(SOCIAL_PROVIDERS, { fetchPolicy: 'network-only' });
  const [upsert, { loading }] = useMutation(UPSERT_SOCIAL_PROVIDER, { refetchQueries: [SOCIAL_PROVIDERS], awaitRefetchQueries: true });
  const [editing, setEditing] = useState<SocialProvider | 'new' | null>(null);
  if (error) return <Alert type="error" showIcon title={serverError(error).message} />;
  const save = async (draft: SocialProviderDraft) => {
    try {
      await upsert({ variables: { input: { ...draft } } });
      notify('success', `${draft.displayName || draft.provider} saved.`);
      setEditing(null);
    } catch (failure) {
      notify('error', serverError(failure).message);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {(data?.socialProviders ?? []).map((provider) => (
        <Card
          key={provider.provider}
          size="small"
          title={provider.displayName}
          extra={<Button onClick={() => setEditing(provider)}>Edit</Button>}
        >
          <Space wrap>
            <Tag color={provider.enabled ? 'green' : undefined}>{provider.enabled ? 'Enabled' : 'Disabled'}</Tag>
            <Typography.Text>Client ID: {provider.clientId}</Typography.Text>
            <Typography.Text data-testid={`secret-${provider.provider}`}>
              Client secret: {provider.hasClientSecret ? '•••••••• (stored)' : 'none'}
            </Typography.Text>
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            Redirect URI: <Typography.Text copyable>{provider.redirectUri}</Typography.Text>
          </Typography.Paragraph>
        </Card>
      ))}
      {editing ? (
        <SocialProviderForm
          key={editing === 'new' ? 'new' : editing.provider}
          initial={editing === 'new' ? null : editing}
          saving={loading}
          onSave={(draft) => void save(draft)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Button onClick={() => setEditing('new')}>Add provider</Button>
      )}
    </Space>
  );
}
