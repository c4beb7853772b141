import { AuctionMarketplacePage, DealershipSolutionsPage, DealerServicesPage } from '../../features/content/DealerPages';
import '../../features/directory/directory.css';

/** The dealer marketing pages (spec 000 section 2). */
export default function DealerPage({
  page = 'dealer-services',
}: {
  page?: 'dealer-services' | 'dealership-solutions' | 'auction-and-marketplace';
}) {
  switch (page) {
    case 'dealer-services':
      return <DealerServicesPage />;
    case 'dealership-solutions':
      return <DealershipSolutionsPage />;
    case 'auction-and-marketplace':
      return <AuctionMarketplacePage />;
  }
}
