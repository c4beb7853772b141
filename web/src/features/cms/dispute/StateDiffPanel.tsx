import { useQuery } from '@apollo/client/react';
import { Card, InputNumber, Table, Typography } from 'antd';
import { useState } from 'react';
import { diffStates, type FieldChange } from './as-of-state';
import { LOT_AS_OF } from './dispute.operations';

function useStateAt(lotId: string, version: number) {
  const { data } = useQuery(LOT_AS_OF, { variables: { id: lotId, asOfVersion: version }, fetchPolicy: 'cache-first' });
  return data?.lotHistory?.asOfState ?? null;
}

/** What changed between two versions A and B of the lot: each field that differs, from -> to. */
export function StateDiffPanel({ lotId, currency, streamVersion }: { lotId: string; currency: string; streamVersion: number }) {
  const [a, setA] = useState(Math.max(0, streamVersion - 1));
  const [b, setB] = useState<number | null>(null);
  const to = b ?? streamVersion;
  const before = useStateAt(lotId, a);
  const after = useStateAt(lotId, to);
  const changes = before && after ? diffStates(before, after, currency) : null;
  const clamp = (value: number | null) => Math.max(0, Math.min(streamVersion, Math.round(value ?? 0)));
  return (
    <Card
      size="small"
      title={<h3 className="ts-dispute-card-title">Compare two points</h3>}
      className="ts-dispute-diff"
      data-testid="diff-panel"
    >
      <div className="ts-dispute-diff-picks">
        <div className="ts-dispute-field" style={{ minWidth: 120 }}>
          <label htmlFor="diff-a">Version A</label>
          <InputNumber id="diff-a" min={0} max={streamVersion} value={a} onChange={(value) => setA(clamp(value))} />
        </div>
        <div className="ts-dispute-field" style={{ minWidth: 120 }}>
          <label htmlFor="diff-b">Version B</label>
          <InputNumber id="diff-b" min={0} max={streamVersion} value={to} onChange={(value) => setB(clamp(value))} />
        </div>
      </div>
      {changes === null ? null : changes.length === 0 ? (
        <Typography.Paragraph style={{ marginTop: 12 }}>
          No field changed between version {a} and version {to}.
        </Typography.Paragraph>
      ) : (
        <Table<FieldChange>
          style={{ marginTop: 12 }}
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={changes}
          data-testid="diff-changes"
          columns={[
            { title: 'Field', dataIndex: 'label' },
            { title: `At ${a}`, dataIndex: 'from' },
            { title: `At ${to}`, dataIndex: 'to' },
          ]}
        />
      )}
    </Card>
  );
}
