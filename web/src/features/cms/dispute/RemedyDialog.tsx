import { useMutation } from '@apollo/client/react';
import { messageFor } from '@trackside/contracts/errors/auction-error-codes';
import { Alert, DatePicker, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { serverError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { CANCEL_AUCTION, EXTEND_AUCTION, RELIST_AUCTION, VOID_BID } from './dispute.operations';
import type { LotHistory } from './lot-history.types';
import { extendError, MAX_REASON_LENGTH, reasonError } from './remedies';
import { formatInstant, personLabel, type TimelineRow } from './timeline';

export type Remedy = { kind: 'void'; bid: TimelineRow } | { kind: 'cancel' } | { kind: 'extend' } | { kind: 'relist' };

const TEXT = {
  void: { title: 'Void this bid?', ok: 'Void bid', done: 'Bid voided.' },
  cancel: { title: 'Cancel this lot?', ok: 'Cancel lot', done: 'Lot canceled.' },
  extend: { title: 'Extend the end of this lot?', ok: 'Extend end', done: 'End extended.' },
  relist: { title: 'Relist this lot?', ok: 'Relist lot', done: 'Lot relisted: schedule it again from Manage.' },
} as const;

function consequence(remedy: Remedy, history: LotHistory): string {
  const currency = history.currency ?? 'USD';
  if (remedy.kind === 'void')
    return `The bid of ${formatMoney(remedy.bid.amount, currency)} by ${personLabel(remedy.bid.bidder)} stops counting: the top bid, the minimum next bid and the reserve are worked out again from the other bids, everyone watching the lot sees it at once, and the bidder is told by email. The bid stays in the history, marked void.`;
  if (remedy.kind === 'cancel')
    return 'The lot stops taking bids and leaves the site. Its history stays. A canceled lot can be relisted later.';
  if (remedy.kind === 'extend')
    return `Bidding stays open until the new end. The current end is ${formatInstant(history.asOfState?.finalEndDate)}.`;
  return 'The lot goes back to Approved with no bids and no dates, for a new round; the earlier rounds stay in the history.';
}

/** The four remedies' mutations: one runs the chosen remedy on a lot; busy while any is under way. */
function useRemedyMutations() {
  const [voidBid, voiding] = useMutation(VOID_BID);
  const [cancel, canceling] = useMutation(CANCEL_AUCTION);
  const [extend, extending] = useMutation(EXTEND_AUCTION);
  const [relist, relisting] = useMutation(RELIST_AUCTION);
  const busy = voiding.loading || canceling.loading || extending.loading || relisting.loading;
  const apply = async (remedy: Remedy, { id, why, end }: { id: string; why: string; end: Dayjs | null }) => {
    if (remedy.kind === 'void') await voidBid({ variables: { id, bidId: remedy.bid.bidId!, reason: why } });
    else if (remedy.kind === 'cancel') await cancel({ variables: { id, reason: why } });
    else if (remedy.kind === 'extend') await extend({ variables: { id, endDate: end!.toISOString(), reason: why } });
    else await relist({ variables: { id, reason: why || null } });
  };
  return { apply, busy };
}

/** The confirmation dialog of one remedy: says what will happen, asks the reason (and the new end), runs it. */
export function RemedyDialog({
  remedy,
  history,
  onClose,
  onDone,
}: {
  remedy: Remedy;
  history: LotHistory;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [end, setEnd] = useState<Dayjs | null>(() =>
    remedy.kind === 'extend' ? dayjs(history.asOfState?.finalEndDate ?? undefined).add(1, 'hour') : null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const { apply, busy } = useRemedyMutations();
  const text = TEXT[remedy.kind];

  const run = async () => {
    const invalid =
      reasonError(reason, remedy.kind !== 'relist') ??
      (remedy.kind === 'extend' ? extendError(end?.toDate() ?? null, history.asOfState?.finalEndDate ?? null, new Date()) : null);
    if (invalid) return setProblem(invalid);
    setProblem(null);
    const id = history.lotId;
    const why = reason.trim();
    try {
      await apply(remedy, { id, why, end });
      notify('success', text.done);
      onDone();
    } catch (error) {
      const { code, message } = serverError(error);
      setProblem(message || (code ? messageFor(code) : 'The action failed. Please try again.'));
    }
  };

  return (
    <Modal
      open
      title={text.title}
      okText={text.ok}
      okButtonProps={{ loading: busy }}
      cancelText="Keep as is"
      onOk={() => void run()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{consequence(remedy, history)}</Typography.Paragraph>
      {remedy.kind === 'extend' ? (
        <div className="ts-dispute-field" style={{ marginBottom: 12 }}>
          <label htmlFor="remedy-end">New end (your time zone)</label>
          <DatePicker id="remedy-end" showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" value={end} onChange={setEnd} />
        </div>
      ) : null}
      <div className="ts-dispute-field">
        <label htmlFor="remedy-reason">Reason{remedy.kind === 'relist' ? ' (optional)' : ''}</label>
        <Input.TextArea
          id="remedy-reason"
          rows={3}
          maxLength={MAX_REASON_LENGTH + 1}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={problem ? 'remedy-problem' : undefined}
        />
      </div>
      {problem ? (
        <Alert
          id="remedy-problem"
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          title={problem}
          role="alert"
          data-testid="remedy-error"
        />
      ) : null}
    </Modal>
  );
}
