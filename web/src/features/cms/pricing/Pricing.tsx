import { Tabs, Typography } from 'antd';
import { Coupons } from './Coupons';
import { Packages } from './Packages';
import { Promotions } from './Promotions';

/** /cms/website/pricing (websiteEnabled): promotion codes, coupons and pricing packages. */
export function Pricing() {
  return (
    <section data-testid="cms-pricing">
      <Typography.Title level={2}>Pricing and promotions</Typography.Title>
      <Tabs
        className="ts-cms-tabs"
        destroyOnHidden
        items={[
          { key: 'promotions', label: 'Promotions', children: <Promotions /> },
          { key: 'coupons', label: 'Coupons', children: <Coupons /> },
          { key: 'packages', label: 'Packages', children: <Packages /> },
        ]}
      />
    </section>
  );
}
