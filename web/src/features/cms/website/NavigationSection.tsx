import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { filledLinks, LinkListEditor, type LinkRow } from './LinkListEditor';
import { useSaveConfiguration } from './use-save-configuration';
import type { WebsiteConfiguration } from './website.operations';

/** The header navigation (shown or hidden links) and the account menu's extra items. */
export function NavigationSection({ config }: { config: WebsiteConfiguration }) {
  const [headerNav, setHeaderNav] = useState<LinkRow[]>(config.headerNav);
  const [menuItems, setMenuItems] = useState<LinkRow[]>(config.menuItems);
  const { save, saving } = useSaveConfiguration();
  const submit = () =>
    void save(
      {
        headerNav: filledLinks(headerNav).map(({ title, url, active }) => ({ title, url, active: active ?? true })),
        menuItems: filledLinks(menuItems).map(({ title, url }) => ({ title, url })),
      },
      'Navigation saved.',
    );
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <section>
        <Typography.Title level={3}>Header navigation</Typography.Title>
        <LinkListEditor name="Header link" rows={headerNav} onChange={setHeaderNav} withActive />
      </section>
      <section>
        <Typography.Title level={3}>Menu items</Typography.Title>
        <LinkListEditor name="Menu item" rows={menuItems} onChange={setMenuItems} />
      </section>
      <Button type="primary" onClick={submit} loading={saving}>
        Save navigation
      </Button>
    </Space>
  );
}
