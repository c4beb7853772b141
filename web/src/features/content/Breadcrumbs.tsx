import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { breadcrumbsOf } from './breadcrumbs';

/** The breadcrumb of the current path (rules in breadcrumbs.ts). */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const crumbs = breadcrumbsOf(pathname);
  if (crumbs.length < 2) return null;
  return (
    <Breadcrumb
      style={{ marginBottom: 12, textTransform: 'capitalize' }}
      items={crumbs.map((crumb) => ({
        key: `${crumb.label}:${crumb.href ?? ''}`,
        title: crumb.href ? <Link to={crumb.href}>{crumb.label}</Link> : crumb.label,
      }))}
    />
  );
}
