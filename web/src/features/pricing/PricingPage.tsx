import { useApolloClient, useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Empty, Form, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CheckOutlined } from '@ant-design/icons';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand';
import { PRICING_PACKAGES, type PricingPackage } from './pricing.operations';
import { packageAmount, paymentOptions, planSlug, priceLabel } from '../directory/directory-rules';
import { usePageTitle } from '../directory/DirectoryShared';
import { checkPromotion } from '../payments/card-form';

const SECTIONS: Array<{ type: string; title: string }> = [
  { type: 'LISTING', title: 'Paddock listings' },
  { type: 'AUCTION', title: 'Auctions' },
  { type: 'DIRECTORY', title: 'Directory' },
];

/** Whether the brand runs the module a package type belongs to. */
export function sectionModuleActive(type: string, isModuleActive: (name: string) => boolean): boolean {
  if (type === 'AUCTION') return isModuleActive('auction');
  if (type === 'DIRECTORY') return isModuleActive('directory');
  if (type === 'LISTING') return isModuleActive('paddock') || isModuleActive('shop');
  return true;
}

const OPTION_LABELS = { ONE_TIME: 'One-time payment', MONTHLY: 'Monthly', YEARLY: 'Yearly' } as const;

/**
 * Where a package's Choose button leads: the wizard or form that uses it, with it preselected, when
 * the brand has that module active (the Sell My Vehicle button brings sellers here).
 */
export function packageStart(pkg: Pick<PricingPackage, 'id' | 'type' | 'title'>, isModuleActive: (name: string) => boolean): string | null {
  const query = `?package=${encodeURIComponent(pkg.id)}`;
  if (pkg.type === 'AUCTION') return isModuleActive('auction') ? `/auction/create${query}` : null;
  if (pkg.type === 'DIRECTORY') return isModuleActive('directory') ? `/directory/add/${planSlug(pkg.title)}` : null;
  if (pkg.type === 'LISTING') {
    const module = ['paddock', 'shop'].find((name) => isModuleActive(name));
    return module ? `/${module}/listing/create${query}` : null;
  }
  return null;
}

/**
 * The pricing packages page (spec 002): every enabled package of the brand by type, its selling
 * points and payment options, the featured package marked, and a promo code checked with
 * promotionByCode ('Please enter a promotion code', 'Invalid promotion code', 'Promo code applied').
 * Each package's Choose button opens what it is for (sign-in first), with the package chosen.
 */
export function PricingPage() {
  const { config, w, isModuleActive } = useBrand();
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
        // A section only for a module the brand runs (the jewelry brand has no directory; issue 24 item 18).
        const list = sectionModuleActive(section.type, isModuleActive) ? packages.filter((pkg) => pkg.type === section.type) : [];
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
  const { w, isModuleActive } = useBrand();
  const { requireAuth } = useAuth();
  const navigate = useNavigate();
  const options = paymentOptions(pkg);
  const start = packageStart(pkg, isModuleActive);
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
        <Typography.Paragraph>{packageAmount(pkg.currency, pkg.pricePerListing.price)} per listing</Typography.Paragraph>
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
      {start ? (
        <Button type="primary" block aria-label={`${w('Choose')} ${w(pkg.title)}`} onClick={() => requireAuth(() => void navigate(start))}>
          {w('Choose')}
        </Button>
      ) : null}
    </Card>
  );
}
