import {
  BoldOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  OrderedListOutlined,
  RedoOutlined,
  TableOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Input, Space, theme, Tooltip, Typography } from 'antd';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { RichTextEditing, RichTextLinking } from './use-rich-text-editing';

const TABLE_HTML = '<table><tbody><tr><td><br></td><td><br></td></tr><tr><td><br></td><td><br></td></tr></tbody></table><p><br></p>';

/** Where each toolbar key moves focus, from the current button of `count` (wrapping round). */
const TOOLBAR_KEYS: Record<string, (current: number, count: number) => number> = {
  ArrowRight: (current, count) => (current + 1) % count,
  ArrowDown: (current, count) => (current + 1) % count,
  ArrowLeft: (current, count) => (current - 1 + count) % count,
  ArrowUp: (current, count) => (current - 1 + count) % count,
  Home: () => 0,
  End: (_current, count) => count - 1,
};

interface ToolbarTool {
  name: string;
  icon: ReactNode;
  onClick: () => void;
}

/** The toolbar's buttons in order: each one's label (also its tooltip), icon and command. */
function toolbarTools({ apply, toggleBlock }: RichTextEditing, onLink: () => void): ToolbarTool[] {
  return [
    { name: 'Heading', icon: <FontSizeOutlined />, onClick: () => toggleBlock('h2') },
    { name: 'Bold', icon: <BoldOutlined />, onClick: () => apply('bold') },
    { name: 'Italic', icon: <ItalicOutlined />, onClick: () => apply('italic') },
    { name: 'Link', icon: <LinkOutlined />, onClick: onLink },
    { name: 'Bulleted list', icon: <UnorderedListOutlined />, onClick: () => apply('insertUnorderedList') },
    { name: 'Numbered list', icon: <OrderedListOutlined />, onClick: () => apply('insertOrderedList') },
    { name: 'Indent', icon: <MenuUnfoldOutlined />, onClick: () => apply('indent') },
    { name: 'Outdent', icon: <MenuFoldOutlined />, onClick: () => apply('outdent') },
    {
      name: 'Quote',
      icon: (
        <span aria-hidden="true" style={{ fontWeight: 700 }}>
          &ldquo;
        </span>
      ),
      onClick: () => toggleBlock('blockquote'),
    },
    { name: 'Insert table', icon: <TableOutlined />, onClick: () => apply('insertHTML', TABLE_HTML) },
    { name: 'Undo', icon: <UndoOutlined />, onClick: () => apply('undo') },
    { name: 'Redo', icon: <RedoOutlined />, onClick: () => apply('redo') },
  ];
}

/**
 * The rich-text editor's toolbar: one Tab stop (the WAI-ARIA toolbar pattern) whose arrow keys, Home and End
 * move between its labelled buttons, remembering the last one used.
 */
export function RichTextToolbar({
  id,
  label,
  disabled,
  editing,
  onLink,
}: {
  id: string;
  label: string;
  disabled?: boolean;
  editing: RichTextEditing;
  onLink: () => void;
}) {
  const { token } = theme.useToken();
  const toolbar = useRef<HTMLDivElement>(null);
  const [activeTool, setActiveTool] = useState(0);

  /** Arrow keys, Home and End move focus along the toolbar (roving tabindex). */
  const moveInToolbar = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(toolbar.current?.querySelectorAll<HTMLButtonElement>('button[data-tool]') ?? []);
    const current = buttons.findIndex((button) => button === document.activeElement);
    const target = TOOLBAR_KEYS[event.key];
    if (current < 0 || !target) return;
    const next = target(current, buttons.length);
    event.preventDefault();
    setActiveTool(next);
    buttons[next]?.focus();
  };

  const tools = toolbarTools(editing, onLink);
  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label={`${label} formatting`}
      aria-controls={id}
      onKeyDown={moveInToolbar}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 2, padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      {tools.map(({ name, icon, onClick }, index) => (
        <Tooltip title={name} key={name}>
          <Button
            type="text"
            size="small"
            icon={icon}
            aria-label={name}
            data-tool={name}
            tabIndex={index === activeTool ? 0 : -1}
            onFocus={() => setActiveTool(index)}
            disabled={disabled}
            // Keep the editor's selection when the mouse presses a button.
            onMouseDown={(event) => event.preventDefault()}
            onClick={onClick}
          />
        </Tooltip>
      ))}
    </div>
  );
}

/** The row under the toolbar where a link's address is typed, with its message. */
export function RichTextLinkRow({ linking }: { linking: RichTextLinking }) {
  const { token } = theme.useToken();
  return (
    <div style={{ padding: 8, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="Link URL"
          placeholder="https://"
          value={linking.link}
          status={linking.error ? 'error' : undefined}
          onChange={(event) => linking.setLink(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            linking.add();
          }}
          autoFocus
        />
        <Button onClick={linking.add}>Add link</Button>
        <Button onClick={linking.cancel}>Cancel</Button>
      </Space.Compact>
      {linking.error ? (
        <Typography.Text type="danger" role="alert">
          {linking.error}
        </Typography.Text>
      ) : null}
    </div>
  );
}
