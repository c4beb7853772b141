import { useMutation } from '@apollo/client/react';
import { Button, Checkbox, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import type { CmsFlag } from '../../../app/access';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { FLAG_LABELS, permissionChanges, userLabel } from './users-table';
import { UPDATE_CMS_PERMISSIONS, type CmsUserRow } from './users.operations';

type Flags = Record<CmsFlag, boolean>;

const flagsOf = (user: CmsUserRow): Flags => Object.fromEntries(FLAG_LABELS.map(({ flag }) => [flag, user.permissions[flag]])) as Flags;

/**
 * superAdmin only: a staff user's CMS flags (updateCMSPermissions). Only changed flags are sent.
 * The server refuses a brand's last superAdmin dropping their own flag; its message shows here.
 */
export function PermissionsDialog({ user, onClose, onSaved }: { user: CmsUserRow; onClose: () => void; onSaved: () => void }) {
  const [flags, setFlags] = useState<Flags>(() => flagsOf(user));
  const [save, { loading }] = useMutation(UPDATE_CMS_PERMISSIONS);
  const changes = permissionChanges(user.permissions, flags);
  const submit = async () => {
    try {
      await save({ variables: { id: user.id, data: changes } });
      notify('success', `Permissions of ${user.username} saved.`);
      onSaved();
      onClose();
    } catch (error) {
      notify('error', serverError(error).message);
      onSaved();
    }
  };
  return (
    <Modal
      open
      title={`CMS permissions of ${userLabel(user)}`}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={loading} disabled={Object.keys(changes).length === 0} onClick={() => void submit()}>
          Save permissions
        </Button>,
      ]}
    >
      <Space orientation="vertical" data-testid="permissions-editor">
        {FLAG_LABELS.map(({ flag, label, help }) => (
          <Checkbox key={flag} checked={flags[flag]} onChange={(event) => setFlags({ ...flags, [flag]: event.target.checked })}>
            <strong>{label}</strong> <Typography.Text type="secondary">({help})</Typography.Text>
          </Checkbox>
        ))}
      </Space>
    </Modal>
  );
}
