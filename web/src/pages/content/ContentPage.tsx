import { Typography } from 'antd';
import { useParams } from 'react-router';
import { useBrand } from '../../features/brand';

const TITLES: Record<string, string> = {
  pricing: 'Pricing',
  'how-to-sell': 'How to Sell',
  'racingedge-partners': 'Partners',
  'dealer-services': 'Dealer Services',
  'dealership-solutions': 'Dealership Solutions',
  'auction-and-marketplace': 'Auction and Marketplace',
  'contact-us': 'Contact Us',
  partners: 'Partners',
  'terms-and-conditions': 'Terms and Conditions',
  'privacy-policy': 'Privacy Policy',
  'cookie-policy': 'Cookie Policy',
};

/**
 * Content pages (spec 000 section 2). Their bodies come from the content service, which arrives with
 * the catalogue and later web issues; until then the page shows its title and a short brand text.
 */
export default function ContentPage({ slug: fixed }: { slug?: string }) {
  const params = useParams();
  const { config, w } = useBrand();
  const slug = fixed ?? params.slug ?? '';
  const title = TITLES[slug] ?? slug.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return (
    <section className="ts-page ts-narrow">
      <Typography.Title>{w(title)}</Typography.Title>
      <Typography.Paragraph>
        {w(`${config.companyName} runs timed online auctions for vehicles. Questions? Write to us at `)}
        {config.contactUsConfiguration.email ? (
          <a href={`mailto:${config.contactUsConfiguration.email}`}>{config.contactUsConfiguration.email}</a>
        ) : (
          'our support team'
        )}
        .
      </Typography.Paragraph>
    </section>
  );
}
