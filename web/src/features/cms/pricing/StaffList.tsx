import type { DocumentNode, TypedDocumentNode } from '@apollo/client';
import { Alert, Button, Space, type TableProps } from 'antd';
import { useState, type ComponentType } from 'react';
import { serverError } from '../../../lib/errors';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { useStaffMutation } from './use-staff-mutation';

/** What every pricing dialog takes: the row to edit (null: a new one), busy while saving, the draft to save. */
export interface StaffDialogProps<Row, Draft> {
  initial: Row | null;
  busy: boolean;
  onSave: (draft: Draft) => void;
  onClose: () => void;
}

type Input = Record<string, unknown>;

/** The switch a row's toggle button flips, with its button words and notice verbs (off first, then on). */
const TOGGLES = {
  active: { turnOff: 'Deactivate', turnOn: 'Activate', off: 'deactivated', on: 'activated' },
  enabled: { turnOff: 'Disable', turnOn: 'Enable', off: 'disabled', on: 'enabled' },
} as const;
type Flag = keyof typeof TOGGLES;

/** What differs between the promotion, coupon and package lists; editing, saving and the toggle are the same. */
export interface StaffListKind<Row extends { id: string } & Record<F, boolean>, Draft, F extends Flag = Flag> {
  /** 'Coupon': the New button, the notices ("Coupon X created.") and the dialog's noun. */
  noun: string;
  /** The table's region label. */
  label: string;
  create: TypedDocumentNode<unknown, { data: Input }>;
  update: TypedDocumentNode<unknown, { id: string; data: Input }>;
  /** The lists each mutation changes (reloaded before the dialog closes). */
  reload: { create: DocumentNode[]; update: DocumentNode[] };
  /** What create (isNew) or update sends for a draft. */
  input: (draft: Draft, isNew: boolean) => Input;
  draftName: (draft: Draft) => string;
  rowName: (row: Row) => string;
  toggle: F;
  /** The toggle buttons show the update as loading. */
  toggleShowsBusy?: boolean;
  Dialog: ComponentType<StaffDialogProps<Row, Draft>>;
}

/** A staff list of one kind: New button, the query's error, the table with Edit and a toggle, and the dialog. */
export function StaffList<Row extends { id: string } & Record<F, boolean>, Draft, F extends Flag>({
  kind,
  rows,
  loading,
  error,
  columns,
  pagination = false,
}: {
  kind: StaffListKind<Row, Draft, F>;
  rows: Row[];
  loading: boolean;
  error: unknown;
  columns: NonNullable<TableProps<Row>['columns']>;
  pagination?: TableProps<Row>['pagination'];
}) {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const create = useStaffMutation(kind.create, kind.reload.create);
  const update = useStaffMutation(kind.update, kind.reload.update);
  const save = async (draft: Draft) => {
    const name = kind.draftName(draft);
    const done =
      editing === 'new'
        ? await create.call({ data: kind.input(draft, true) }, `${kind.noun} ${name} created.`)
        : await update.call({ id: (editing as Row).id, data: kind.input(draft, false) }, `${kind.noun} ${name} saved.`);
    if (done) setEditing(null);
  };
  const words = TOGGLES[kind.toggle];
  const actions = (row: Row) => (
    <Space wrap>
      <Button size="small" onClick={() => setEditing(row)}>
        Edit
      </Button>
      <Button
        size="small"
        loading={kind.toggleShowsBusy ? update.loading : undefined}
        onClick={() =>
          void update.call(
            { id: row.id, data: { [kind.toggle]: !row[kind.toggle] } },
            `${kind.noun} ${kind.rowName(row)} ${row[kind.toggle] ? words.off : words.on}.`,
          )
        }
      >
        {row[kind.toggle] ? words.turnOff : words.turnOn}
      </Button>
    </Space>
  );
  const { Dialog } = kind;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing('new')}>
        {`New ${kind.noun.toLowerCase()}`}
      </Button>
      {error ? <Alert type="error" showIcon title={serverError(error).message} /> : null}
      <ScrollableTable<Row>
        label={kind.label}
        rowKey="id"
        loading={loading}
        dataSource={rows}
        columns={[...columns, { title: 'Actions', key: 'actions', render: (_, row) => actions(row) }]}
        pagination={pagination}
      />
      {editing ? (
        <Dialog
          initial={editing === 'new' ? null : editing}
          busy={create.loading || update.loading}
          onSave={(draft) => void save(draft)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Space>
  );
}
