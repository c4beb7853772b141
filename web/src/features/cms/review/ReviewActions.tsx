import { Button, Space } from 'antd';
import { approvable, declinable } from './review-queue';
import type { ReviewQueueKind, ReviewRow } from './ReviewQueue';

/** A queue row's Approve (or what stands in for it) and Decline buttons; a change awaiting review says so on both. */
export function ReviewActions<Row extends ReviewRow, Data>({
  kind,
  row,
  busy,
  review,
  onDecline,
}: {
  kind: ReviewQueueKind<Row, Data>;
  row: Row;
  busy: boolean;
  review: (id: string, status: string, reason: string | null, notice: string) => Promise<boolean>;
  onDecline: (row: Row) => void;
}) {
  const change = kind.changeAwaitingReview?.(row) ?? false;
  return (
    <Space wrap>
      {approvable(row) || change ? (
        <Button
          size="small"
          type="primary"
          loading={busy}
          onClick={() =>
            void review(
              row.id,
              kind.statuses.approved,
              null,
              change ? `${kind.name(row)}: change approved.` : `${kind.name(row)} approved.`,
            )
          }
        >
          {change ? 'Approve change' : 'Approve'}
        </Button>
      ) : (
        (kind.notApprovable?.(row) ?? null)
      )}
      {declinable(row) ? (
        <Button size="small" onClick={() => onDecline(row)}>
          {change ? 'Decline change' : 'Decline'}
        </Button>
      ) : null}
    </Space>
  );
}
