import { FlagOutlined } from '@ant-design/icons';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { Button } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { AbuseReportDialog } from '../comments/ReportDialog';

export const AUCTION_REPORT: TypedDocumentNode<
  { auctionReportAbuse: { id: string } | null },
  { id: string; reason: string; content: string }
> = gql`
  mutation AuctionReportAbuse($id: ID!, $reason: CommentReportReason, $content: String) {
    auctionReportAbuse(id: $id, reason: $reason, content: $content) {
      id
    }
  }
`;

/** "Report" on the lot page: a signed-in user tells staff what is wrong with this auction. */
export function ReportLot({ auctionId }: { auctionId: string }) {
  const { requireAuth } = useAuth();
  const [open, setOpen] = useState(false);
  const [report] = useMutation(AUCTION_REPORT);
  return (
    <>
      <Button icon={<FlagOutlined />} onClick={() => requireAuth(() => setOpen(true))} data-testid="report-lot">
        Report
      </Button>
      <AbuseReportDialog
        open={open}
        title="Report auction"
        onClose={() => setOpen(false)}
        send={(values) => report({ variables: { id: auctionId, ...values } })}
      />
    </>
  );
}
