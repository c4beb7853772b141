import { useApolloClient, useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Empty, Form, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { CheckOutlined } from '@ant-design/icons';
import { useBrand } from '../brand';
import { PRICING_PACKAGES, type PricingPackage } from './pricing.operations';
import { paymentOptions, priceLabel } from '../directory/directory-rules';
import { usePageTitle } from '../directory/DirectoryShared';
import { checkPromotion } from '../payments/card-form';

const SECTIONS: Array<{ type: string; title: string }> = [
  { type: 'LISTING', title: 'Paddock listings' },
  { type: 'AUCTION', title: 'Auctions' },
  { type: 'DIRECTORY', title: 'Directory' },
];

const OPTION_LABELS = { ONE_TIME: 'One-time payment', MONTHLY: 'Monthly', YEARLY: 'Yearly' } as const;

/**
 * The pricing packages page (spec 002): every enabled package of the brand by type, its selling
 * points and payment options, the featured package marked, and a promo code checked with
 * promotionByCode ('Please enter a promotion code', 'Invalid promotion code', 'Promo code applied').
 */
export function PricingPage() {
  const { config, w } = useBrand();
  usePageTitle(w('Pricing'));
  const client = useApolloClient();
  const { data, loading, error } = useQuery(PRICING_PACKAGES, { variables: { type: null, brand: config.brand } });
  const [code, setCode] = useState('');
  const [promo, setPromo] = useState<{ ok: boolean; text: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const packages = data?.pricingPackages ?? [];
  const apply = async () => {
    setChecking(true);
    setPromo(await checkPromotion(client, code, null));
    setChecking(false);
  };
  return (
    <section className="ts-page">
      <Typography.Title>{w('Pricing')}</Typography.Title>
      <Typography.Paragraph>
        {w(`Choose how you sell with ${config.companyName}: pick a package, pay once, monthly or yearly.`)}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void apply()} style={{ maxWidth: 420 }}>
        <Form.Item
          label="Promo code"
          htmlFor="pricingPromo"
          help={promo?.text}
          validateStatus={promo ? (promo.ok ? 'success' : 'error') : undefined}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Input id="pricingPromo" value={code} onChange={(event) => setCode(event.target.value)} />
            <Button htmlType="submit" loading={checking}>
              Apply
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title="An error occurred while fetching the packages." /> : null}
      {loading && !data ? <Skeleton active /> : null}
      {!loading && !error && packages.length === 0 ? <Empty description="No packages are available at the moment." /> : null}
      {SECTIONS.map((section) => {
        const list = packages.filter((pkg) => pkg.type === section.type);
        if (list.length === 0) return null;
        return (
          <div key={section.type} className="ts-directory-section">
            <Typography.Title level={2}>{w(section.title)}</Typography.Title>
            <div className="ts-plan-grid">
              {list.map((pkg) => (
                <PackageCard key={pkg.id} pkg={pkg} />
              ))}
            </div>
          </div>
        );
      })}
    </section>
  );
}

function PackageCard({ pkg }: { pkg: PricingPackage }) {
  const { w } = useBrand();
  const options = paymentOptions(pkg);
  return (
    <Card
      className={`ts-plan-card${pkg.featured ? ' ts-plan-featured' : ''}`}
      title={w(pkg.title)}
      extra={pkg.featured ? <Tag color="gold">Featured</Tag> : null}
      data-testid="pricing-package"
    >
      <Typography.Title level={3} style={{ fontSize: 20 }}>
        {priceLabel(pkg)}
      </Typography.Title>
      {options.length > 1 ? (
        <ul aria-label="Payment options" style={{ paddingLeft: 18 }}>
          {options.map((option) => (
            <li key={option.type}>
              {OPTION_LABELS[option.type]}: {priceLabel(pkg, option.type)}
            </li>
          ))}
        </ul>
      ) : null}
      {pkg.pricePerListing.enabled ? (
        <Typography.Paragraph>
          {pkg.currency} {pkg.pricePerListing.price.toFixed(2)} per listing
        </Typography.Paragraph>
      ) : null}
      <ul style={{ listStyle: 'none', paddingLeft: 0 }}>
        {pkg.sellingPoints.map((point) => (
          <li key={point.text} style={{ marginBottom: 6 }}>
            <CheckOutlined /> {w(point.text)}
            {point.subtext ? (
              <>
                <br />
                <Typography.Text type="secondary">{w(point.subtext)}</Typography.Text>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
