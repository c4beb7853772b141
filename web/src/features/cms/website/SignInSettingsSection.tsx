import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Form, Input, Switch } from 'antd';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { AUTH_SETTINGS, UPDATE_AUTH_SETTINGS, type AuthSettings } from './website.operations';

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
      <Form.Item label="Visitors may register" htmlFor="auth-allow-register">
        <Switch
          id="auth-allow-register"
          loading={loading}
          checked={settings?.allowRegister ?? false}
          disabled={!settings}
          onChange={(allowRegister) => void save({ allowRegister })}
        />
      </Form.Item>
      <Form.Item label="New accounts confirm their email before signing in" htmlFor="auth-email-confirmation">
        <Switch
          id="auth-email-confirmation"
          loading={loading}
          checked={settings?.emailConfirmation ?? false}
          disabled={!settings}
          onChange={(emailConfirmation) => void save({ emailConfirmation })}
        />
      </Form.Item>
      <Form.Item label="Role of new accounts" htmlFor="auth-default-role">
        <Input id="auth-default-role" value={settings?.defaultRole ?? ''} readOnly style={{ maxWidth: 240 }} />
      </Form.Item>
    </Form>
  );
}
