import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { breadcrumbsOf } from './breadcrumbs';

/**
 * The breadcrumb of the current path (rules in breadcrumbs.ts): words capitalised, ids as they are,
 * unless the page names them (`labels`: segment → title, e.g. a listing id → the listing's title).
 */
export function Breadcrumbs({ labels }: { labels?: Readonly<Record<string, string>> }) {
  const { pathname } = useLocation();
  const crumbs = breadcrumbsOf(pathname, labels);
  if (crumbs.length < 2) return null;
  return (
    <Breadcrumb
      style={{ marginBottom: 12, textTransform: 'capitalize' }}
      items={crumbs.map((crumb) => {
        const label = crumb.verbatim ? <span style={{ textTransform: 'none' }}>{crumb.label}</span> : crumb.label;
        return { key: `${crumb.label}:${crumb.href ?? ''}`, title: crumb.href ? <Link to={crumb.href}>{label}</Link> : label };
      })}
    />
  );
}
