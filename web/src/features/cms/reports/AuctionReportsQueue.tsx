import { Button } from 'antd';
import { LotCell } from './LotCell';
import { ReportList } from './ReportList';
import { ReportsQueue, type ReportsQueueKind } from './ReportsQueue';
import { MODERATION_ACTIONS } from './reports-queue';
import { AUCTION_REPORT_DISMISS, AUCTION_REPORTS, type AuctionReportItem } from './reports.operations';

type Data = { cmsAuctionReports: { count: number; items: AuctionReportItem[] } };

const AUCTIONS: ReportsQueueKind<AuctionReportItem, Data> = {
  label: 'Reported auctions',
  query: AUCTION_REPORTS,
  page: (data) => data.cmsAuctionReports,
  rowKey: (item) => item.lot.id,
  empty: 'No auction waits for a moderator.',
  columns: (resolved, act) => [
    { title: 'Auction', key: 'lot', render: (_, item) => <LotCell lot={item.lot} /> },
    { title: 'Reports', key: 'reports', render: (_, item) => <ReportList reports={item.reports} /> },
    ...(resolved
      ? []
      : [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, item: AuctionReportItem) => (
              <Button
                size="small"
                onClick={() =>
                  act({
                    action: MODERATION_ACTIONS.dismissAuction,
                    document: AUCTION_REPORT_DISMISS,
                    id: item.reports[0]!.id,
                    name: item.lot.title ?? item.lot.id,
                  })
                }
              >
                Dismiss reports
              </Button>
            ),
          },
        ]),
  ],
};

/**
 * Reported auctions: staff read the reports, open the lot or its dispute desk (cancel, void:
 * remedies live there) and dismiss the reports.
 */
export function AuctionReportsQueue() {
  return <ReportsQueue kind={AUCTIONS} />;
}
