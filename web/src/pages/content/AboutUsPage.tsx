import { Typography } from 'antd';
import { Link } from 'react-router';
import { useBrand } from '../../features/brand';

export default function AboutUsPage() {
  const { config, w } = useBrand();
  return (
    <section className="ts-page ts-narrow">
      <Typography.Title>About Us</Typography.Title>
      <Typography.Paragraph>
        {w(
          `${config.companyName} is a marketplace for buying and selling vehicles through timed online auctions with live bidding. Every bid is recorded and every lot's history can be replayed.`,
        )}
      </Typography.Paragraph>
      <Link to="/auction">{w('Browse the auctions')}</Link>
    </section>
  );
}
