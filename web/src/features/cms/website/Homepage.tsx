import { useQuery } from '@apollo/client/react';
import { Alert, Skeleton, Tabs, Typography } from 'antd';
import { serverError } from '../../../lib/errors';
import { AboutUsSection } from './AboutUsSection';
import { ContentPagesSection } from './ContentPagesSection';
import { DealerPageSection } from './DealerPageSection';
import { HomeChoiceSection } from './HomeChoiceSection';
import { WEBSITE_CONFIGURATION } from './website.operations';
import './website.css';

/** /cms/website/homepage (websiteEnabled + manageHomepage): what "/" shows and the content pages. */
export function Homepage() {
  // Not cached: the site's own ConfigurationByBrand asks other fields of the same id-less theme object,
  // and each answer would replace the other's (and a refetch would remount the tabs).
  const { data, error } = useQuery(WEBSITE_CONFIGURATION, { fetchPolicy: 'no-cache' });
  if (error) return <Alert type="error" showIcon title={serverError(error).message} />;
  if (!data) return <Skeleton active />;
  return (
    <section data-testid="cms-homepage">
      <Typography.Title level={2}>Home page and content pages</Typography.Title>
      <Tabs
        className="ts-cms-tabs"
        destroyOnHidden
        items={[
          { key: 'home', label: 'Home page', children: <HomeChoiceSection config={data.configurationByBrand} /> },
          { key: 'pages', label: 'Pages', children: <ContentPagesSection /> },
          { key: 'about', label: 'About us', children: <AboutUsSection /> },
          { key: 'dealer-services', label: 'Dealer services', children: <DealerPageSection kind="dealerService" /> },
          { key: 'dealership-solutions', label: 'Dealership solutions', children: <DealerPageSection kind="dealershipSolution" /> },
          { key: 'auction-marketplace', label: 'Auction & marketplace', children: <DealerPageSection kind="auctionMarketplace" /> },
        ]}
      />
    </section>
  );
}
