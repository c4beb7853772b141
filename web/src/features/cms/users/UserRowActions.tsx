import { useMutation } from '@apollo/client/react';
import { App, Button, Space } from 'antd';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { confirmationOf, rowActions, SUCCESS_MESSAGES, userLabel, type UserAction } from './users-table';
import { BLOCK_USER, CONFIRM_USER, DELETE_USER, UNBLOCK_USER, type CmsUserRow } from './users.operations';

const BUTTON_LABELS: Record<UserAction, string> = { block: 'Block', unblock: 'Unblock', confirm: 'Confirm', delete: 'Delete' };

/**
 * A row's actions, each behind a confirmation naming the user. The table is refetched after every
 * answer, success or error, so a row another staff user changed meanwhile shows its real state.
 */
export function UserRowActions({
  user,
  canEditPermissions,
  onEditPermissions,
  onChanged,
}: {
  user: CmsUserRow;
  canEditPermissions: boolean;
  onEditPermissions: () => void;
  onChanged: () => void;
}) {
  const { modal } = App.useApp();
  const [block] = useMutation(BLOCK_USER);
  const [unblock] = useMutation(UNBLOCK_USER);
  const [confirm] = useMutation(CONFIRM_USER);
  const [remove] = useMutation(DELETE_USER);
  const run: Record<UserAction, () => Promise<unknown>> = {
    block: () => block({ variables: { id: user.id } }),
    unblock: () => unblock({ variables: { id: user.id } }),
    confirm: () => confirm({ variables: { id: user.id } }),
    delete: () => remove({ variables: { id: user.id } }),
  };
  const ask = (action: UserAction) => {
    const question = confirmationOf(action, user);
    void modal.confirm({
      title: question.title,
      content: question.detail,
      okText: question.okText,
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await run[action]();
          notify('success', SUCCESS_MESSAGES[action](userLabel(user)));
        } catch (error) {
          notify('error', serverError(error).message);
        }
        onChanged();
      },
    });
  };
  return (
    <Space wrap size={4}>
      {rowActions(user).map((action) => (
        <Button key={action} size="small" onClick={() => ask(action)} aria-label={`${BUTTON_LABELS[action]} ${user.username}`}>
          {BUTTON_LABELS[action]}
        </Button>
      ))}
      {canEditPermissions ? (
        <Button size="small" onClick={onEditPermissions} aria-label={`Permissions of ${user.username}`}>
          Permissions
        </Button>
      ) : null}
    </Space>
  );
}
