import { Alert, Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { buildEvidence, evidenceCsv, evidenceJson, verifyEvidence, type VerifyResult } from './evidence-export';
import type { LotHistory } from './lot-history.types';
import type { TimelineFilter, TimelineRow } from './timeline';

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function verdict(result: VerifyResult): { type: 'success' | 'error'; text: string } {
  const log = result.changed.length + result.missing.length === 0;
  const file = result.intact
    ? 'The file is intact (its records still hash to the SHA-256 it states).'
    : `The file was edited: its records hash to ${result.computed}, not the ${result.stated ?? '(none)'} it states.`;
  const against = log
    ? `All ${result.same} records match the lot's log now.`
    : `${result.changed.length} record(s) differ from the log (${result.changed.join(', ') || 'none'}) and ${result.missing.length} are not in it (${result.missing.join(', ') || 'none'}).`;
  return { type: result.intact && log ? 'success' : 'error', text: `${file} ${against}` };
}

/** Export the shown rows as JSON or CSV (version range and SHA-256 inside), and check an earlier JSON export. */
export function EvidenceBar({
  history,
  shown,
  all,
  filter,
}: {
  history: LotHistory;
  shown: TimelineRow[];
  all: TimelineRow[];
  filter: TimelineFilter;
}) {
  const [hash, setHash] = useState<string | null>(null);
  const [check, setCheck] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const exportAs = async (format: 'json' | 'csv') => {
    const evidence = await buildEvidence(shown, {
      lotId: history.lotId,
      title: history.title,
      brand: history.brand,
      currency: history.currency ?? 'USD',
      streamVersion: history.streamVersion,
      filter: { personId: filter.personId ?? null, types: [...(filter.types ?? [])] },
      exportedAt: new Date(),
    });
    const range = `v${evidence.versionRange.from ?? 0}-${evidence.versionRange.to ?? 0}`;
    const name = `lot-${history.lotId}-${range}`;
    if (format === 'json') download(`${name}.json`, 'application/json', evidenceJson(evidence));
    else download(`${name}.csv`, 'text/csv', evidenceCsv(evidence, shown));
    setHash(evidence.sha256);
  };
  const verify = async (file: File) => {
    try {
      setCheck(verdict(await verifyEvidence(await file.text(), all)));
    } catch (error) {
      setCheck({ type: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div data-testid="evidence-bar" style={{ marginBottom: 12 }}>
      <Space wrap>
        <Button onClick={() => void exportAs('json')}>Export JSON</Button>
        <Button onClick={() => void exportAs('csv')}>Export CSV</Button>
        <Upload accept=".json,application/json" showUploadList={false} beforeUpload={(file) => (void verify(file), false)}>
          <Button>Verify an export</Button>
        </Upload>
      </Space>
      {hash ? (
        <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
          Exported {shown.length} rows. SHA-256:{' '}
          <span className="ts-dispute-mono" data-testid="export-hash">
            {hash}
          </span>
        </Typography.Paragraph>
      ) : null}
      {check ? <Alert style={{ marginTop: 8 }} type={check.type} showIcon title={check.text} data-testid="verify-result" /> : null}
    </div>
  );
}
