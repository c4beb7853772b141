import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Form, Input, Switch } from 'antd';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { AUTH_SETTINGS, UPDATE_AUTH_SETTINGS, type AuthSettings } from './website.operations';

const SWITCHES = [
  { key: 'allowRegister', id: 'auth-allow-register', label: 'Visitors may register' },
  { key: 'emailConfirmation', id: 'auth-email-confirmation', label: 'New accounts confirm their email before signing in' },
] as const;

/** Sign-up settings (superAdmin): whether visitors may register and must confirm their email. Each switch saves. */
export function SignInSettingsSection() {
  const { data, error } = useQuery(AUTH_SETTINGS, { fetchPolicy: 'network-only' });
  const [update, { loading }] = useMutation(UPDATE_AUTH_SETTINGS, { refetchQueries: [AUTH_SETTINGS] });
  if (error) return <Alert type="error" showIcon title={serverError(error).message} />;
  const settings = data?.authSettings;
  const save = async (patch: Partial<AuthSettings>) => {
    try {
      await update({ variables: { data: patch } });
      notify('success', 'Sign-in settings saved.');
    } catch (failure) {
      notify('error', serverError(failure).message);
    }
  };
  return (
    <Form layout="vertical" component="div">
      {SWITCHES.map(({ key, id, label }) => (
        <Form.Item key={key} label={label} htmlFor={id}>
          <Switch
            id={id}
            loading={loading}
            checked={settings?.[key] ?? false}
            disabled={!settings}
            onChange={(checked) => void save({ [key]: checked })}
          />
        </Form.Item>
      ))}
      <Form.Item label="Role of new accounts" htmlFor="auth-default-role">
        <Input id="auth-default-role" value={settings?.defaultRole ?? ''} readOnly style={{ maxWidth: 240 }} />
      </Form.Item>
    </Form>
  );
}
