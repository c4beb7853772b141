import { Button, Card, Col, Form, Input, Row, Space, Switch } from 'antd';
import { useState } from 'react';
import type { SocialProvider } from './website.operations';

export interface SocialProviderDraft {
  provider: string;
  displayName: string;
  issuer: string | null;
  clientId: string;
  /** Absent keeps the stored secret (the field is write-only and starts empty). */
  clientSecret?: string;
  scopes: string;
  enabled: boolean;
}

const TEXT_FIELDS = [
  ['provider', 'Provider key (used in /connect/{provider})'],
  ['displayName', 'Button label'],
  ['issuer', 'OpenID Connect issuer URL'],
  ['clientId', 'Client ID'],
  ['scopes', 'Scopes'],
] as const;

/** Adds or edits one provider; the secret box never shows the stored secret, and empty keeps it. */
export function SocialProviderForm({
  initial,
  saving,
  onSave,
  onCancel,
}: {
  initial: SocialProvider | null;
  saving: boolean;
  onSave: (draft: SocialProviderDraft) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Omit<SocialProviderDraft, 'clientSecret'>>({
    provider: initial?.provider ?? '',
    displayName: initial?.displayName ?? '',
    issuer: initial?.issuer ?? '',
    clientId: initial?.clientId ?? '',
    scopes: initial?.scopes ?? 'openid email profile',
    enabled: initial?.enabled ?? true,
  });
  const [secret, setSecret] = useState('');
  const submit = () => onSave({ ...draft, issuer: draft.issuer?.trim() || null, ...(secret !== '' ? { clientSecret: secret } : {}) });
  return (
    <Card size="small" title={initial ? `Edit ${initial.displayName}` : 'New provider'}>
      <Form layout="vertical" component="div">
        <Row gutter={12}>
          {TEXT_FIELDS.map(([key, label]) => (
            <Col xs={24} sm={12} key={key}>
              <Form.Item label={label} htmlFor={`social-provider-${key}`}>
                <Input
                  id={`social-provider-${key}`}
                  value={draft[key] ?? ''}
                  disabled={key === 'provider' && initial !== null}
                  onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
                />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} sm={12}>
            <Form.Item
              label="Client secret"
              htmlFor="social-provider-secret"
              extra={initial?.hasClientSecret ? 'A secret is stored; leave empty to keep it.' : undefined}
            >
              <Input.Password
                id="social-provider-secret"
                autoComplete="new-password"
                value={secret}
                placeholder={initial?.hasClientSecret ? '••••••••' : ''}
                onChange={(event) => setSecret(event.target.value)}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Enabled" htmlFor="social-provider-enabled">
          <Switch id="social-provider-enabled" checked={draft.enabled} onChange={(enabled) => setDraft({ ...draft, enabled })} />
        </Form.Item>
        <Space>
          <Button type="primary" loading={saving} onClick={submit}>
            Save provider
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
