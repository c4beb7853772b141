import { LogoutOutlined } from '@ant-design/icons';
import { Button, Grid, Layout, Menu, type MenuProps } from 'antd';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { canOpenCmsPath, visibleCmsScreens, type CmsPermissions } from '../../../app/access';
import { useAuth } from '../../auth/auth-context';
import { Breadcrumbs } from '../../content/Breadcrumbs';
import { FullScreenLoader } from '../../shell/StatusPages';
import { CmsAccessDenied } from './CmsAccessDenied';
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

/** The /cms frame: a 175 px side navigation (a top menu on phones), breadcrumb, logout and footer. */
export function CmsLayout() {
  const { permissions, loading } = useCmsPermissions();
  const { logout } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const desktop = Boolean(Grid.useBreakpoint().md);
  if (loading) return <FullScreenLoader />;
  if (!canOpenCmsPath(pathname, permissions)) return <CmsAccessDenied />;
  const selected = visibleCmsScreens(permissions).find((screen) => pathname.startsWith(screen.path))?.path ?? '/cms';
  const menu = (
    <Menu
      mode={desktop ? 'inline' : 'horizontal'}
      selectedKeys={[selected]}
      items={menuItems(permissions)}
      onClick={({ key }) => void navigate(key)}
      aria-label="Back office"
    />
  );
  return (
    <Layout className="ts-cms" hasSider={desktop}>
      {desktop ? (
        <Layout.Sider width={175} theme="light" className="ts-cms-sider">
          <nav aria-label="Back office">{menu}</nav>
        </Layout.Sider>
      ) : (
        <nav aria-label="Back office" className="ts-cms-topnav">
          {menu}
        </nav>
      )}
      <Layout className="ts-cms-body">
        <div className="ts-cms-bar">
          <Breadcrumbs />
          <Button icon={<LogoutOutlined />} onClick={() => void logout().then(() => navigate('/'))}>
            Log Out
          </Button>
        </div>
        <Suspense fallback={<FullScreenLoader />}>
          <Outlet />
        </Suspense>
        <footer className="ts-cms-footer">Back office · {permissions.brand ?? ''}</footer>
      </Layout>
    </Layout>
  );
}
