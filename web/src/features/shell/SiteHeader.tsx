import { MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Drawer, Dropdown, Grid, Layout, Space, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { useAuth } from '../auth/auth-context';
import { NotificationBell } from '../notifications/NotificationBell';
import { headerBackground, headerForeground, useBrand } from '../brand';
import { visibleNav } from './navigation';
import { useLogoutEverywhere } from './use-logout-everywhere';

/**
 * The account menu (issue 16): the user's name, Dashboard for everyone, CMS for staff with any CMS
 * flag, Log Out, and Log out everywhere (issue 18, M5).
 */
function accountMenuItems(username: string, cmsAccess: boolean): MenuProps['items'] {
  return [
    { key: 'name', label: username, disabled: true },
    { key: '/dashboard', label: 'Dashboard' },
    { key: '/dashboard/watchlist', label: 'Watchlist' },
    ...(cmsAccess ? [{ key: '/cms', label: 'CMS' }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: 'Log Out' },
    { key: 'logout-everywhere', label: 'Log out everywhere' },
  ];
}

/** The header: logo, the brand's navigation (only modules that are active), sign-in or the account menu. */
export function SiteHeader() {
  const { config, w } = useBrand();
  const { isLoggedIn, user, openAuth, logout } = useAuth();
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const [drawer, setDrawer] = useState(false);
  const logoutEverywhere = useLogoutEverywhere();
  const items = visibleNav(config);
  const background = headerBackground(config.theme);
  const foreground = headerForeground(config.theme);
  const tall = config.theme.headerVariation === 'SIMPLE_TALL';
  const links = items.map((item) => (
    <NavLink key={item.url} to={item.url} className="ts-nav-link" style={{ color: foreground }} onClick={() => setDrawer(false)}>
      {w(item.title)}
    </NavLink>
  ));
  const account = isLoggedIn ? (
    <Dropdown
      menu={{
        items: accountMenuItems(user?.username ?? 'Account', Boolean(user?.cmsAccess)),
        onClick: ({ key }) => {
          if (key === 'logout-everywhere') return logoutEverywhere();
          if (key !== 'logout') return void navigate(key);
          // Leave the page first: a private page would otherwise react to the ended session.
          void navigate('/');
          void logout().then(() => notify('info', 'You have been logged out.'));
        },
      }}
    >
      <Button icon={<UserOutlined />} data-testid="account-menu">
        {user?.username ?? 'Account'}
      </Button>
    </Dropdown>
  ) : (
    <Space>
      <Button onClick={() => openAuth('login')} data-testid="login-button">
        Log In
      </Button>
      <Button type="primary" onClick={() => openAuth('register')}>
        Register
      </Button>
    </Space>
  );
  return (
    <Layout.Header className="ts-header" style={{ background, height: tall ? 88 : 64, lineHeight: tall ? '88px' : '64px' }}>
      <Link to="/" className="ts-logo" style={{ color: foreground }} aria-label={`${config.companyName} home`}>
        {config.theme.headerLogo ? <img src={config.theme.headerLogo} alt={config.companyName} height={36} /> : config.companyName}
      </Link>
      {screens.md ? (
        <nav className="ts-nav" aria-label="Main">
          {links}
        </nav>
      ) : null}
      <div className="ts-header-actions">
        {isLoggedIn ? <NotificationBell /> : null}
        {account}
        {screens.md ? null : (
          <Button icon={<MenuOutlined />} aria-label="Open menu" onClick={() => setDrawer(true)} style={{ marginLeft: 8 }} />
        )}
      </div>
      <Drawer open={drawer} onClose={() => setDrawer(false)} title={config.companyName} placement="right" size="default">
        <nav className="ts-drawer-nav" aria-label="Main">
          {items.map((item) => (
            <NavLink key={item.url} to={item.url} onClick={() => setDrawer(false)}>
              {w(item.title)}
            </NavLink>
          ))}
        </nav>
      </Drawer>
    </Layout.Header>
  );
}
