import { usePageTitle } from '../directory/DirectoryShared';
import {
  BellOutlined,
  CreditCardOutlined,
  EyeOutlined,
  HeartOutlined,
  HomeOutlined,
  LogoutOutlined,
  TrophyOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Grid, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { Breadcrumbs } from '../content/Breadcrumbs';
import '../directory/directory.css';
import { useReceiptCrumbLabels } from './use-receipt-crumbs';

/**
 * The dashboard frame (spec 002 section 2): a 100 px side icon bar on desktop, a 60 px bottom bar on
 * small screens, each with Home and Logout.
 */
export const DASHBOARD_ITEMS: Array<{ to: string; label: string; icon: ReactNode }> = [
  { to: '/dashboard', label: 'Profile', icon: <UserOutlined /> },
  { to: '/dashboard/listings', label: 'Listings', icon: <UnorderedListOutlined /> },
  { to: '/dashboard/auctions', label: 'Auctions', icon: <TrophyOutlined /> },
  { to: '/dashboard/favourites', label: 'Favourites', icon: <HeartOutlined /> },
  { to: '/dashboard/watchlist', label: 'Watchlist', icon: <EyeOutlined /> },
  { to: '/dashboard/notifications', label: 'Notifications', icon: <BellOutlined /> },
  { to: '/dashboard/transactions', label: 'Transactions', icon: <CreditCardOutlined /> },
];

const SECTIONS: Record<string, string> = {
  listings: 'Listings',
  auctions: 'Auctions',
  favourites: 'Favourites',
  watchlist: 'Watchlist',
  notifications: 'Notifications',
  transactions: 'Transactions',
  password: 'Password',
};

/** The dashboard section of a path: /dashboard is the profile. */
export function dashboardSection(pathname: string): string {
  const part = pathname.replace(/^\/dashboard\/?/, '').split('/')[0] ?? '';
  return SECTIONS[part] ?? 'Profile';
}

export function DashboardLayout() {
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { logout } = useAuth();
  // Each dashboard page names itself in the tab (issue 24 item 17: they kept the previous page's title).
  usePageTitle(`Dashboard - ${dashboardSection(pathname)}`);
  // A receipt's crumb names the item paid for, not the transaction id.
  const crumbLabels = useReceiptCrumbLabels();
  const desktop = Boolean(screens.md);
  const buttons = (
    <>
      <Tooltip title="Home" placement={desktop ? 'right' : 'top'}>
        <Button type="text" icon={<HomeOutlined />} onClick={() => void navigate('/')} aria-label="Home">
          Home
        </Button>
      </Tooltip>
      {DASHBOARD_ITEMS.map((item) => {
        const active = pathname.replace(/\/$/, '') === item.to;
        return (
          <Button
            key={item.to}
            type={active ? 'primary' : 'text'}
            icon={item.icon}
            aria-current={active ? 'page' : undefined}
            href={item.to}
            onClick={(event) => {
              event.preventDefault();
              void navigate(item.to);
            }}
          >
            {item.label}
          </Button>
        );
      })}
      <Button
        type="text"
        icon={<LogoutOutlined />}
        onClick={() => {
          void logout().then(() => navigate('/'));
        }}
      >
        Logout
      </Button>
    </>
  );
  return (
    <div className="ts-dashboard">
      {desktop ? (
        <nav className="ts-dashboard-bar" aria-label="Dashboard">
          {buttons}
        </nav>
      ) : (
        <nav className="ts-dashboard-bottom" aria-label="Dashboard">
          {buttons}
        </nav>
      )}
      <div className="ts-dashboard-body">
        <Breadcrumbs labels={crumbLabels} />
        <Outlet />
      </div>
    </div>
  );
}
