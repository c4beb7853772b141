import { Tag, Typography } from 'antd';
import { personName, reasonLabel, resolutionLabel } from './reports-queue';
import type { QueueReport } from './reports.operations';

export const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** An item's reports: reason, explanation, reporter and time; once resolved, how, by which note and when. */
export function ReportList({ reports }: { reports: QueueReport[] }) {
  return (
    <ul className="ts-cms-report-list">
      {reports.map((report) => (
        <li key={report.id} data-testid={`report-${report.id}`}>
          <Tag>{reasonLabel(report.reason)}</Tag>
          <Typography.Text>{report.content}</Typography.Text>
          <div>
            <Typography.Text type="secondary">
              {personName(report.reporter)} · {dateTime(report.created_at)}
            </Typography.Text>
          </div>
          {report.resolved ? (
            <div>
              <Typography.Text type="secondary">
                {resolutionLabel(report.resolution)} · {dateTime(report.resolvedAt)}
                {report.resolutionNote ? ` · ${report.resolutionNote}` : ''}
              </Typography.Text>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
