import { useQuery } from '@apollo/client/react';
import { Alert, Statistic, Typography } from 'antd';
import { formatInstant } from '../dispute/timeline';
import { PAYMENT_COUNTS } from './tools.operations';

/** Failed payments of the last 7 days (the CMS home card links here). */
export function PaymentsSummary() {
  const { data, error } = useQuery(PAYMENT_COUNTS, { fetchPolicy: 'network-only' });
  return (
    <section aria-label="Payments" data-testid="tools-payments">
      {error ? <Alert type="error" showIcon title={error.message} /> : null}
      <Statistic title="Failed payments in the last 7 days" value={data?.cmsPaymentCounts.failedLast7Days ?? '—'} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {data ? `Since ${formatInstant(data.cmsPaymentCounts.since)}. ` : ''}A failed payment leaves its item unpaid; the buyer sees the
        card message and may pay again. The payment provider&apos;s dashboard holds each attempt&apos;s details.
      </Typography.Paragraph>
    </section>
  );
}
