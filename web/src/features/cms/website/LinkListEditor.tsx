import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Space } from 'antd';

export interface LinkRow {
  title: string;
  url: string;
  active?: boolean;
}

/** Rows of title and URL (and "shown" when the list has it), added and removed in place. */
export function LinkListEditor({
  name,
  rows,
  onChange,
  withActive,
}: {
  name: string;
  rows: LinkRow[];
  onChange: (rows: LinkRow[]) => void;
  withActive?: boolean;
}) {
  const update = (index: number, patch: Partial<LinkRow>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`${name}-rows`}>
      {rows.map((row, index) => (
        <Space key={index} wrap align="center">
          <Input
            aria-label={`${name} ${index + 1} title`}
            placeholder="Title"
            value={row.title}
            onChange={(event) => update(index, { title: event.target.value })}
          />
          <Input
            aria-label={`${name} ${index + 1} URL`}
            placeholder="/path or https://…"
            value={row.url}
            onChange={(event) => update(index, { url: event.target.value })}
          />
          {withActive ? (
            <Checkbox checked={row.active ?? true} onChange={(event) => update(index, { active: event.target.checked })}>
              Shown
            </Checkbox>
          ) : null}
          <Button
            aria-label={`Remove ${name} ${index + 1}`}
            icon={<DeleteOutlined />}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => onChange([...rows, withActive ? { title: '', url: '', active: true } : { title: '', url: '' }])}
      >
        Add {name.toLowerCase()}
      </Button>
    </Space>
  );
}

/** Rows with both fields filled, trimmed (a half-typed row is not sent). */
export function filledLinks<T extends LinkRow>(rows: T[]): T[] {
  return rows.map((row) => ({ ...row, title: row.title.trim(), url: row.url.trim() })).filter((row) => row.title !== '' && row.url !== '');
}
