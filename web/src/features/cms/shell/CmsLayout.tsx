import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Layout, Menu, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { canOpenCmsPath, visibleCmsScreens, type CmsPermissions } from '../../../app/access';
import { useAuth } from '../../auth/auth-context';
import { Breadcrumbs } from '../../content/Breadcrumbs';
import { FullScreenLoader } from '../../shell/StatusPages';
import { CmsAccessDenied } from './CmsAccessDenied';
import { selectedNavKey } from './cms-nav';
import { useCmsPermissions } from './use-cms-permissions';
import './cms.css';

/** Side navigation items by permission (spec 002 section 2), groups as Ant Design sub-menus. */
function menuItems(permissions: CmsPermissions): MenuProps['items'] {
  const screens = visibleCmsScreens(permissions);
  const items: NonNullable<MenuProps['items']> = [{ key: '/cms', label: 'Dashboard' }];
  for (const group of [null, 'Auction', 'Website'] as const) {
    const inGroup = screens.filter((screen) => screen.group === group);
    if (group === null)
      items.push(...inGroup.filter((screen) => screen.path !== '/cms/tools').map((s) => ({ key: s.path, label: s.label })));
    else if (inGroup.length > 0)
      items.push({ key: group, label: group, type: 'group', children: inGroup.map((s) => ({ key: s.path, label: s.label })) });
  }
  const tools = screens.find((screen) => screen.path === '/cms/tools');
  if (tools) items.push({ key: tools.path, label: tools.label });
  return items;
}

/**
 * The /cms frame: a 175 px side navigation (on phones a Menu button opening the same navigation in
 * a drawer, so every item stays one tap away without a sideways-scrolling bar), breadcrumb, logout
 * and footer. A screen the user's flags do not open shows the access-denied screen, never the 404.
 */
export function CmsLayout() {
  const { permissions, loading } = useCmsPermissions();
  const { logout } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const desktop = Boolean(Grid.useBreakpoint().md);
  const [drawer, setDrawer] = useState(false);
  if (loading) return <FullScreenLoader />;
  if (!canOpenCmsPath(pathname, permissions)) return <CmsAccessDenied />;
  const selected = selectedNavKey(pathname, visibleCmsScreens(permissions));
  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[selected]}
      items={menuItems(permissions)}
      onClick={({ key }) => {
        setDrawer(false);
        void navigate(key);
      }}
    />
  );
  const signOut = () => {
    // Leave the private page first: it would otherwise react to the ended session.
    void navigate('/');
    void logout();
  };
  return (
    <Layout className="ts-cms" hasSider={desktop} data-testid="cms-layout">
      {desktop ? (
        <Layout.Sider width={175} theme="light" className="ts-cms-sider">
          <nav aria-label="Back office">{menu}</nav>
        </Layout.Sider>
      ) : (
        <Drawer open={drawer} onClose={() => setDrawer(false)} title="Back office" placement="left" size={260}>
          <nav aria-label="Back office">{menu}</nav>
        </Drawer>
      )}
      <Layout className="ts-cms-body">
        <div className="ts-cms-bar">
          {desktop ? null : (
            <Button icon={<MenuOutlined />} onClick={() => setDrawer(true)} data-testid="cms-menu-button">
              Menu
            </Button>
          )}
          <div className="ts-cms-crumbs">
            <Breadcrumbs />
          </div>
          <Button icon={<LogoutOutlined />} onClick={signOut} data-testid="cms-logout">
            Log Out
          </Button>
        </div>
        <div className="ts-cms-content">
          <Suspense fallback={<FullScreenLoader />}>
            <Outlet />
          </Suspense>
        </div>
        <footer className="ts-cms-footer">Back office{permissions.brand ? ` · ${permissions.brand}` : ''}</footer>
      </Layout>
    </Layout>
  );
}
