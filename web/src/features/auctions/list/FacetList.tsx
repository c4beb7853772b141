import { Checkbox, Empty, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import type { SearchFacet } from '../auction.operations';

const STATUS_LABELS: Record<string, string> = { LIVE: 'Live', SCHEDULED: 'Coming Soon', SOLD: 'Sold', RESERVE_NOT_MET: 'Reserve Not Met' };

export function facetValueLabel(facet: string, value: string): string {
  return facet === 'status' ? (STATUS_LABELS[value] ?? value) : value;
}

/** A facet's checkbox list (spec 001 section 2): an optional "Search for other..." box and "No Results" when empty. */
export function FacetList({
  title,
  facet,
  selected,
  onChange,
  searchable,
}: {
  title: string;
  facet: SearchFacet | undefined;
  selected: string[];
  onChange: (values: string[]) => void;
  searchable?: boolean;
}) {
  const [filter, setFilter] = useState('');
  const headingId = useId();
  const values = (facet?.values ?? []).filter((entry) => entry.value.toLowerCase().includes(filter.trim().toLowerCase()));
  // Selected values stay listed even when the other filters leave them no hits.
  for (const value of selected) if (!values.some((entry) => entry.value === value)) values.push({ value, count: 0 });
  return (
    <fieldset className="ts-facet" aria-labelledby={headingId}>
      <Typography.Title level={3} id={headingId} className="ts-facet-title">
        {title}
      </Typography.Title>
      {searchable ? (
        <Input
          size="small"
          placeholder="Search for other..."
          aria-label={`Search ${title}`}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="ts-facet-search"
        />
      ) : null}
      {values.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Results" />
      ) : (
        <Checkbox.Group
          value={selected}
          onChange={(next) => onChange(next.map(String))}
          className="ts-facet-values"
          options={values.map((entry) => ({
            value: entry.value,
            label: `${facetValueLabel(facet?.name ?? '', entry.value)} (${entry.count})`,
          }))}
        />
      )}
    </fieldset>
  );
}
