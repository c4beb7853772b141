import { useQuery } from '@apollo/client/react';
import { Alert, Button, Card, DatePicker, Descriptions, Slider, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { stateFields } from './as-of-state';
import { LOT_AS_OF } from './dispute.operations';
import { formatInstant } from './timeline';

export interface AsOfPanelProps {
  lotId: string;
  currency: string;
  streamVersion: number;
  /** The chosen version (null: the latest). */
  version: number | null;
  onVersion: (version: number | null) => void;
}

/**
 * The lot's state as of a version (slider or a clicked event) or an instant (date and time), as the
 * server rebuilds it with the engine's own fold. States at a version never change, so they are cached.
 */
export function AsOfPanel({ lotId, currency, streamVersion, version, onVersion }: AsOfPanelProps) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [instant, setInstant] = useState<Dayjs | null>(null);
  useEffect(() => setInstant(null), [version]);
  const byInstant = instant !== null;
  const { data, loading, error } = useQuery(LOT_AS_OF, {
    variables: byInstant ? { id: lotId, asOf: instant.toISOString() } : { id: lotId, asOfVersion: version ?? streamVersion },
    fetchPolicy: byInstant ? 'network-only' : 'cache-first',
  });
  const state = data?.lotHistory?.asOfState ?? null;
  const reached = data?.lotHistory?.asOfVersion ?? null;
  return (
    <Card size="small" title={<h3 className="ts-dispute-card-title">State as of a point</h3>} data-testid="as-of-panel" id="as-of-panel">
      <label id="as-of-slider-label" htmlFor="as-of-slider">
        Version {dragging ?? version ?? streamVersion} of {streamVersion}
      </label>
      <Slider
        id="as-of-slider"
        min={0}
        max={streamVersion}
        value={dragging ?? version ?? streamVersion}
        onChange={(value) => setDragging(value)}
        onChangeComplete={(value) => {
          setDragging(null);
          onVersion(value === streamVersion ? null : value);
        }}
        ariaLabelledByForHandle="as-of-slider-label"
      />
      <Space wrap align="end" style={{ marginBottom: 12 }}>
        <div className="ts-dispute-field">
          <label htmlFor="as-of-instant">Or at an instant (your time zone)</label>
          <DatePicker
            id="as-of-instant"
            showTime={{ format: 'HH:mm:ss' }}
            value={instant}
            onChange={setInstant}
            format="YYYY-MM-DD HH:mm:ss"
          />
        </div>
        {byInstant ? <Button onClick={() => setInstant(null)}>Back to the version</Button> : null}
      </Space>
      {error ? <Alert type="error" showIcon title={error.message} /> : null}
      {state ? (
        <Descriptions size="small" column={1} bordered aria-busy={loading} data-testid="as-of-state" data-version={reached ?? undefined}>
          {stateFields(state, currency).map((field) => (
            <Descriptions.Item key={field.key} label={field.label}>
              <span data-field={field.key}>{field.value}</span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : !loading ? (
        <Typography.Paragraph>
          Nothing had happened to the lot yet{byInstant ? ` at ${formatInstant(instant.toISOString())}` : ''}.
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
