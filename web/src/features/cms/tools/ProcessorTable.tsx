import { Button } from 'antd';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { formatInstant } from '../dispute/timeline';
import type { ProcessorStatus } from './tools.operations';

/** A processor and the service that runs it (each service answers for its own). */
export interface ServiceProcessor extends ProcessorStatus {
  service: 'auction' | 'identity' | 'catalogue' | 'realtime';
}

export function seconds(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)} s`;
}

function processorError(processor: ProcessorStatus): string {
  return processor.lastError ? `${processor.lastError} (${formatInstant(processor.lastErrorAt)})` : 'None';
}

/**
 * Every service's processors in one table. Only the auction's checkpointed projections have a
 * rebuild (they own replayable read models); followers (in memory) and the other services' have
 * none, so no button there.
 */
export function ProcessorTable({
  processors,
  loading,
  onRebuild,
}: {
  processors: ServiceProcessor[];
  loading: boolean;
  onRebuild: (name: string) => void;
}) {
  return (
    <ScrollableTable<ServiceProcessor>
      label="Processors"
      rowKey={(processor) => `${processor.service}:${processor.name}`}
      size="small"
      pagination={false}
      loading={loading}
      dataSource={processors}
      columns={[
        { title: 'Service', dataIndex: 'service' },
        { title: 'Processor', dataIndex: 'name' },
        {
          title: 'Position',
          key: 'position',
          render: (_: unknown, processor: ServiceProcessor) =>
            // An empty position: running, but no event it reads has been written yet (a row exists only once it started).
            `${processor.position || '(start of the log)'}${processor.kind === 'follower' ? ' (in memory, this instance)' : ''}`,
        },
        { title: 'Lag (events)', dataIndex: 'lagEvents' },
        { title: 'Lag (seconds)', dataIndex: 'lagSeconds', render: seconds },
        { title: 'Moved', dataIndex: 'updatedAt', render: (value: string) => formatInstant(value) },
        { title: 'Last error', key: 'lastError', render: (_: unknown, processor: ServiceProcessor) => processorError(processor) },
        {
          title: 'Rebuild',
          key: 'rebuild',
          render: (_: unknown, processor: ServiceProcessor) =>
            processor.service === 'auction' && processor.kind !== 'follower' ? (
              <Button size="small" onClick={() => onRebuild(processor.name)} aria-label={`Rebuild ${processor.name}`}>
                Rebuild
              </Button>
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}
