import { useQuery } from '@apollo/client/react';
import { Input, Select, Space } from 'antd';
import { useDeferredValue, useState } from 'react';
import { makeOptions, makeSelection, OTHER_MAKE } from './make-field';
import { CAR_MAKES } from './listing-wizard.operations';

/**
 * The MAKE property field: a searchable select fed by `carMake(q)` with 'Other' always offered;
 * Other reveals a text box and its text is the value stored. A stored make outside the list (an
 * edit) opens as Other with the text filled in.
 */
export function MakeField({
  id,
  label,
  value,
  onChange,
  disabled,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const [search, setSearch] = useState('');
  const [other, setOther] = useState<boolean | null>(null);
  const q = useDeferredValue(search.trim());
  const found = useQuery(CAR_MAKES, { variables: { q: q || null } });
  // For a prefilled value: is it one of the list's makes? (only until the user picks)
  const stored = useQuery(CAR_MAKES, { variables: { q: value.trim() }, skip: other !== null || value.trim() === '' });
  const { selected, showOther } = makeSelection(value, other, value.trim() === '' ? [] : stored.data?.carMake);
  const makes = found.data?.carMake ?? found.previousData?.carMake ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select
        id={id}
        aria-label={label}
        disabled={disabled}
        placeholder={placeholder ?? 'Search for a make'}
        value={selected}
        options={makeOptions(makes)}
        loading={found.loading}
        showSearch={{ onSearch: setSearch, filterOption: false }}
        allowClear
        onChange={(next: string | undefined) => {
          setSearch('');
          if (next === OTHER_MAKE) {
            setOther(true);
            onChange('');
          } else {
            setOther(false);
            onChange(next ?? '');
          }
        }}
        data-testid={`make-${id}`}
      />
      {showOther ? (
        <Input
          id={`${id}-other`}
          aria-label={`Other ${label.toLowerCase()}`}
          placeholder="Type the make"
          disabled={disabled}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : null}
    </Space>
  );
}
