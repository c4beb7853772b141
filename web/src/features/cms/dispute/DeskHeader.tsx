import { Button, Descriptions, Space, Tag, Typography } from 'antd';
import type { LotHistory } from './lot-history.types';
import type { Remedy } from './RemedyDialog';
import { remediesFor } from './remedies';
import { formatInstant } from './timeline';

/** The lot's name and identifiers, its status now, and the remedies that status allows. */
export function DeskHeader({ history, onRemedy }: { history: LotHistory; onRemedy: (remedy: Remedy) => void }) {
  const status = history.status ?? history.asOfState?.status ?? null;
  const choices = remediesFor(status);
  return (
    <header style={{ marginBottom: 16 }}>
      <Typography.Title level={2} style={{ marginBottom: 8 }}>
        Lot history: {history.title ?? history.lotId}
      </Typography.Title>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} data-testid="desk-summary">
        <Descriptions.Item label="Lot id">
          <span className="ts-dispute-mono">{history.lotId}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Status">
          <Tag data-testid="desk-status">{status ?? '—'}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Owning brand">{history.brand ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Events">
          {history.streamVersion} (and {history.rejectedAttempts.length} refused attempts)
        </Descriptions.Item>
        <Descriptions.Item label="Currency">{history.currency ?? 'USD'}</Descriptions.Item>
        <Descriptions.Item label="Read at">{formatInstant(history.serverTime)}</Descriptions.Item>
      </Descriptions>
      <Space wrap aria-label="Remedies" role="group" style={{ marginTop: 8 }}>
        {choices.extend ? <Button onClick={() => onRemedy({ kind: 'extend' })}>Extend end</Button> : null}
        {choices.cancel ? <Button onClick={() => onRemedy({ kind: 'cancel' })}>Cancel lot</Button> : null}
        {choices.relist ? <Button onClick={() => onRemedy({ kind: 'relist' })}>Relist</Button> : null}
        {choices.voidBid ? <Typography.Text type="secondary">To void a bid, use Void bid on its row.</Typography.Text> : null}
      </Space>
    </header>
  );
}
