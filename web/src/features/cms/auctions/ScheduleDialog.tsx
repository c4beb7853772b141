import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, DatePicker, Form, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { AUCTION_ERROR_MESSAGES } from '@trackside/contracts/errors/auction-error-codes';
import { serverNow } from '../../../lib/server-clock';
import { AUCTION_SETTINGS } from './auction-settings.operations';
import { SCHEDULE_AUCTION, type CmsLotRow } from './auctions.operations';
import { scheduleEnd, scheduleProblem } from './lot-admin';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * Schedule (or reschedule) a lot: the staff member picks the start; the end is always the start
 * plus the brand's dateRangeLimit days (read fresh), shown in the range picker's second field and
 * not editable. The server's checks run here first with the same messages; its answer still decides.
 */
export function ScheduleDialog({
  lot,
  onClose,
  run,
}: {
  lot: CmsLotRow;
  onClose: () => void;
  run: (success: string, command: () => Promise<unknown>) => Promise<boolean>;
}) {
  const { data } = useQuery(AUCTION_SETTINGS, { fetchPolicy: 'network-only' });
  const days = data?.configurationByBrand.auctionConfiguration.dateRangeLimit ?? null;
  const [schedule, { loading }] = useMutation(SCHEDULE_AUCTION);
  const now = () => new Date(serverNow());
  const [start, setStart] = useState<Dayjs | null>(lot.scheduledStartDate ? dayjs(lot.scheduledStartDate) : null);
  const [problem, setProblem] = useState<string | null>(null);
  const end = start && days ? dayjs(scheduleEnd(start.toDate(), days)) : null;
  const submit = async () => {
    if (!days) return;
    const code = scheduleProblem(start?.toDate() ?? null, end?.toDate() ?? null, now(), days);
    if (code) return setProblem(AUCTION_ERROR_MESSAGES[code]);
    setProblem(null);
    const done = await run(`${lot.title} is scheduled.`, () =>
      schedule({ variables: { id: lot.id, startDate: start!.toISOString(), endDate: end!.toISOString() } }),
    );
    if (done) onClose();
  };
  return (
    <Modal
      open
      title={`Schedule ${lot.title}`}
      okText="Schedule"
      okButtonProps={{ disabled: !days, loading }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label="Start and end"
          htmlFor="schedule-start"
          extra={
            days
              ? `Every auction of this site runs exactly ${days} days (the date range limit): pick the start, the end follows.`
              : 'Loading the date range limit…'
          }
        >
          <DatePicker.RangePicker
            id={{ start: 'schedule-start', end: 'schedule-end' }}
            showTime
            format={FORMAT}
            value={[start, end]}
            disabled={[false, true]}
            allowEmpty={[false, true]}
            disabledDate={(date) => date.isBefore(dayjs(now()).startOf('day'))}
            onCalendarChange={(values) => {
              setProblem(null);
              setStart(values?.[0] ?? null);
            }}
            onChange={(values) => setStart(values?.[0] ?? null)}
            placeholder={['Start', 'End']}
            style={{ width: '100%' }}
            data-testid="schedule-range"
          />
        </Form.Item>
      </Form>
      {end ? <Typography.Paragraph data-testid="schedule-end">Ends {end.format(FORMAT)}</Typography.Paragraph> : null}
      {problem ? <Alert type="error" showIcon title={problem} data-testid="schedule-problem" /> : null}
    </Modal>
  );
}
