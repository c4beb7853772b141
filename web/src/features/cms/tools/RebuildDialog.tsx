import { useMutation } from '@apollo/client/react';
import { messageFor } from '@trackside/contracts/errors/auction-error-codes';
import { Alert, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { rebuildConfirmed, rebuildConsequence } from './projection-rebuild';
import { REBUILD_PROJECTIONS } from './tools.operations';

/**
 * The rebuild's confirmation: what it does to every brand, and the processor's name typed back
 * before the Rebuild button works (the server then gets the typed name).
 */
export function RebuildDialog({ name, onClose, onDone }: { name: string; onClose: () => void; onDone: () => void }) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [rebuild, { loading }] = useMutation(REBUILD_PROJECTIONS);
  const confirmed = rebuildConfirmed(typed, name);

  const run = async () => {
    if (!confirmed) return;
    setProblem(null);
    try {
      await rebuild({ variables: { name: typed.trim() } });
      notify('success', `Rebuild started: ${name} is replaying the event log.`);
      onDone();
    } catch (error) {
      const { code, message } = serverError(error);
      setProblem(message || (code ? messageFor(code) : 'The rebuild failed. Please try again.'));
    }
  };

  return (
    <Modal
      open
      title={`Rebuild ${name}?`}
      okText="Rebuild"
      okButtonProps={{ loading, disabled: !confirmed }}
      cancelText="Keep as is"
      onOk={() => void run()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{rebuildConsequence(name)}</Typography.Paragraph>
      <div className="ts-tools-field">
        <label htmlFor="rebuild-name">
          Type <strong>{name}</strong> to confirm
        </label>
        <Input
          id="rebuild-name"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onPressEnter={() => void run()}
          aria-describedby={problem ? 'rebuild-problem' : undefined}
        />
      </div>
      {problem ? <Alert id="rebuild-problem" type="error" showIcon title={problem} role="alert" data-testid="rebuild-error" /> : null}
    </Modal>
  );
}
