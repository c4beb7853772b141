import { useMutation } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { noteProblem, type ModerationAction } from './reports-queue';
import type { ModerationVariables } from './reports.operations';

export interface ModerationTarget {
  action: ModerationAction;
  document: TypedDocumentNode<unknown, ModerationVariables>;
  /** The id the mutation takes: the comment's for a block or removal, a report's for a dismissal. */
  id: string;
  /** Who or what, for the dialog's title. */
  name: string;
}

/**
 * The confirmation every queue action asks for, with its note (a block's reason is required and
 * shown on the comment). A refusal shows the server's message; the queue reloads either way.
 */
export function ModerationDialog({ target, onClose, onDone }: { target: ModerationTarget; onClose: () => void; onDone: () => unknown }) {
  const [run] = useMutation(target.document);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { action } = target;
  const submit = async () => {
    const found = noteProblem(action, note);
    if (found) return setProblem(found);
    setBusy(true);
    try {
      await run({ variables: { id: target.id, reason: note.trim() || null } });
      notify('success', action.done);
      onClose();
    } catch (error) {
      setProblem(serverError(error).message);
    } finally {
      setBusy(false);
      await onDone();
    }
  };
  return (
    <Modal
      open
      title={action.title(target.name)}
      okText={action.label}
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph>{action.explain}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          label={action.noteLabel}
          htmlFor="moderation-note"
          required={action.noteRequired}
          validateStatus={problem ? 'error' : undefined}
          help={problem}
        >
          <Input.TextArea
            id="moderation-note"
            rows={3}
            maxLength={500}
            showCount
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
