import { useMutation } from '@apollo/client/react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { serverError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useAuth } from '../auth/auth-context';
import { LOGOUT_EVERYWHERE } from '../auth/auth.operations';

export const LOGOUT_EVERYWHERE_TEXT = {
  title: 'Log out everywhere?',
  detail: 'Every browser and device signed in to this account, this one included, will be signed out.',
  okText: 'Log out everywhere',
  done: 'You have been logged out on every device.',
};

/**
 * The account menu's "Log out everywhere" (issue 18, M5): after a confirmation, identity ends every
 * token of the account (sockets close too), then this browser drops its session like Log Out.
 */
export function useLogoutEverywhere(): () => void {
  const { modal } = App.useApp();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [logoutEverywhere] = useMutation(LOGOUT_EVERYWHERE);
  return () =>
    void modal.confirm({
      title: LOGOUT_EVERYWHERE_TEXT.title,
      content: LOGOUT_EVERYWHERE_TEXT.detail,
      okText: LOGOUT_EVERYWHERE_TEXT.okText,
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await logoutEverywhere();
        } catch (error) {
          notify('error', serverError(error).message);
          return;
        }
        void navigate('/');
        await logout();
        notify('info', LOGOUT_EVERYWHERE_TEXT.done);
      },
    });
}
