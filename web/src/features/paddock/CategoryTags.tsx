import { Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useBrand } from '../brand';
import type { ListingCategory } from './paddock.operations';

/** The search's filter tags: All, each category, and the chosen category's types; the current one is blue. */
export function CategoryTags({
  base,
  categories,
  category,
  type,
}: {
  base: string;
  categories: ListingCategory[];
  category: string | undefined;
  type: string | undefined;
}) {
  const { w } = useBrand();
  const categoryInfo = categories.find((entry) => entry.slug === category);
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Link to={base}>
        <Tag color={!category ? 'blue' : undefined}>{w('All')}</Tag>
      </Link>
      {categories.map((entry) => (
        <Link key={entry.slug} to={`${base}/${entry.slug}`}>
          <Tag color={entry.slug === category && !type ? 'blue' : undefined}>{entry.name}</Tag>
        </Link>
      ))}
      {categoryInfo?.types.map((entry) => (
        <Link key={entry.slug} to={`${base}/${categoryInfo.slug}/${entry.slug}`}>
          <Tag color={entry.slug === type ? 'blue' : undefined}>{entry.name}</Tag>
        </Link>
      ))}
    </Space>
  );
}

/** The search parameters with `changes` applied: null or '' removes a parameter. */
export function withParams(search: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}
