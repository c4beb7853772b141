import { Space, Typography } from 'antd';
import { Link } from 'react-router';
import { lotLinks } from './reports-queue';
import type { ReportedLot } from './reports.operations';

/** The reported (or commented) lot: its title, status, and links to its page and its dispute desk. */
export function LotCell({ lot }: { lot: ReportedLot }) {
  const links = lotLinks(lot);
  const title = lot.title ?? lot.id;
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Text type="secondary">{lot.status}</Typography.Text>
      <Space wrap size="small">
        {links.page ? (
          <Link to={links.page} aria-label={`View lot ${title}`}>
            View lot
          </Link>
        ) : null}
        <Link to={links.desk} aria-label={`Dispute desk of ${title}`}>
          Dispute desk
        </Link>
      </Space>
    </Space>
  );
}
