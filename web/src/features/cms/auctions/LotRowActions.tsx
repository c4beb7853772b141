import { useMutation } from '@apollo/client/react';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { APPROVE_AUCTION, DISAPPROVE_AUCTION, REMOVE_FROM_NETWORK, SEND_TO_NETWORK, type CmsLotRow } from './auctions.operations';
import { lotActions, needsUnpaidConfirmation, type LotAction } from './lot-admin';
import { ReasonDialog } from './ReasonDialog';
import { ScheduleDialog } from './ScheduleDialog';

type Run = (success: string, command: () => Promise<unknown>) => Promise<boolean>;

const LABELS: Record<LotAction, string> = {
  approve: 'Approve',
  disapprove: 'Disapprove',
  schedule: 'Schedule',
  send: 'Send to network',
  remove: 'Remove from network',
};

/** One lot's actions as its status allows (lot-admin.ts), and History: the lot's dispute desk. */
export function LotRowActions({ lot, run, busy }: { lot: CmsLotRow; run: Run; busy: boolean }) {
  const { modal } = App.useApp();
  const [approve] = useMutation(APPROVE_AUCTION);
  const [disapprove] = useMutation(DISAPPROVE_AUCTION);
  const [send] = useMutation(SEND_TO_NETWORK);
  const [remove] = useMutation(REMOVE_FROM_NETWORK);
  const [dialog, setDialog] = useState<'schedule' | 'disapprove' | null>(null);
  const id = lot.id;

  const confirmThen = (title: string, content: string, okText: string, success: string, command: () => Promise<unknown>) =>
    void modal.confirm({ title, content, okText, cancelText: 'Cancel', onOk: () => run(success, command).then(() => undefined) });

  const start: Record<LotAction, () => void> = {
    approve: () =>
      needsUnpaidConfirmation(lot)
        ? confirmThen(
            `Approve ${lot.title} without payment?`,
            "This auction's package has not been paid. Approving it anyway is recorded in the lot's history with your name.",
            'Approve unpaid',
            `${lot.title} is approved (unpaid).`,
            () => approve({ variables: { id, confirmUnpaid: true } }),
          )
        : confirmThen(`Approve ${lot.title}?`, 'It can then be scheduled.', 'Approve', `${lot.title} is approved.`, () =>
            approve({ variables: { id, confirmUnpaid: null } }),
          ),
    disapprove: () => setDialog('disapprove'),
    schedule: () => setDialog('schedule'),
    send: () =>
      confirmThen(
        `Send ${lot.title} to the network?`,
        'Other brands can then offer to host it.',
        'Send',
        `${lot.title} is offered to the network.`,
        () => send({ variables: { id } }),
      ),
    remove: () =>
      confirmThen(
        `Remove ${lot.title} from the network?`,
        'Brands that have not answered no longer see it.',
        'Remove',
        `${lot.title} is off the network.`,
        () => remove({ variables: { id } }),
      ),
  };

  return (
    <Space wrap size={4}>
      {lotActions(lot).map((action) => (
        <Button key={action} size="small" disabled={busy} onClick={start[action]} aria-label={`${LABELS[action]}: ${lot.title}`}>
          {LABELS[action]}
        </Button>
      ))}
      <Link to={`/cms/auction/lot/${id}`} aria-label={`History of ${lot.title}`}>
        History
      </Link>
      {dialog === 'schedule' ? <ScheduleDialog lot={lot} run={run} onClose={() => setDialog(null)} /> : null}
      {dialog === 'disapprove' ? (
        <ReasonDialog
          title={`Disapprove ${lot.title}`}
          okText="Disapprove"
          onClose={() => setDialog(null)}
          onSubmit={(reason) => run(`${lot.title} is disapproved.`, () => disapprove({ variables: { id, reason } }))}
        />
      ) : null}
    </Space>
  );
}
