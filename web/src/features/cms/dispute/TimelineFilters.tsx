import { Select } from 'antd';
import type { HistoryPerson } from './lot-history.types';
import { personLabel, REFUSED, type TimelineFilter } from './timeline';

/** Filters of the timeline: one person (bidder, actor, reporter or comment author) and any event kinds. */
export function TimelineFilters({
  people,
  types,
  filter,
  onChange,
}: {
  people: HistoryPerson[];
  types: string[];
  filter: TimelineFilter;
  onChange: (filter: TimelineFilter) => void;
}) {
  return (
    <div className="ts-dispute-toolbar" data-testid="timeline-filters">
      <div className="ts-dispute-field">
        <label htmlFor="filter-person">Bidder or person</label>
        <Select
          id="filter-person"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Everyone"
          value={filter.personId ?? undefined}
          onChange={(value?: string) => onChange({ ...filter, personId: value ?? null })}
          options={people.map((person) => ({ value: person.id, label: personLabel(person), title: personLabel(person) }))}
        />
      </div>
      <div className="ts-dispute-field" style={{ minWidth: 260 }}>
        <label htmlFor="filter-types">Event kinds</label>
        <Select
          id="filter-types"
          mode="multiple"
          allowClear
          placeholder="Every kind"
          value={[...(filter.types ?? [])]}
          onChange={(value: string[]) => onChange({ ...filter, types: value })}
          options={types.map((type) => ({ value: type, label: type === REFUSED ? 'Refused attempts' : type, title: type }))}
        />
      </div>
    </div>
  );
}
