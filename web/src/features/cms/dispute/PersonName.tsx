import { Tooltip } from 'antd';
import type { HistoryPerson } from './lot-history.types';
import { personLabel } from './timeline';

/** A person by name and username; the user id on hover or keyboard focus (a Tooltip). */
export function PersonName({ person, id }: { person: HistoryPerson | null; id?: string | null }) {
  const userId = person?.id ?? id ?? null;
  const label = personLabel(person, id);
  if (!userId) return <span>{label}</span>;
  return (
    <Tooltip title={`User id ${userId}`}>
      <span tabIndex={0} className="ts-dispute-person" data-user-id={userId}>
        {label}
      </span>
    </Tooltip>
  );
}
