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
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { safeLinkUrl, sanitizeRichText } from '@trackside/contracts/catalogue/rich-text';
import { richTextVariables } from './RichTextView';
import './rich-text.css';

const LINK_MESSAGE = 'Enter a link starting with http:// or https://';
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

/** The browser's editing commands keep their own undo stack, which the Undo and Redo buttons use. */
function run(command: string, argument?: string): void {
  // execCommand is deprecated but remains the only way to edit contentEditable with a native undo stack.
  document.execCommand(command, false, argument);
}

function currentBlock(): string {
  return String(document.queryCommandValue('formatBlock') || '').toLowerCase();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A link typed without a scheme gets https://; anything but http(s), mailto or a site path is refused. */
export function linkTarget(typed: string): string | null {
  const text = typed.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('/') || text.startsWith('#') ? text : `https://${text}`;
  return safeLinkUrl(withScheme);
}

/**
 * A small rich-text editor for RICH_TEXT listing fields (spec 002 section 5): heading, bold,
 * italic, link, bullet and numbered lists, indent, outdent, quote, table, undo and redo. A
 * contentEditable area with a toolbar of labelled buttons, each keeping the selection it acts on.
 * The toolbar is one Tab stop (the WAI-ARIA toolbar pattern): the arrow keys, Home and End move
 * between its buttons, and it remembers the last one used. The value is HTML, sanitised by the
 * same allowlist as the server's.
 */
export function RichTextEditor({
  id,
  label,
  value,
  onChange,
  disabled,
  invalid,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  invalid?: boolean;
}) {
  const { token } = theme.useToken();
  const area = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const range = useRef<Range | null>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const [activeTool, setActiveTool] = useState(0);
  const [linking, setLinking] = useState(false);
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);

  // The area is uncontrolled while typing; a value from outside (prefill, reset) replaces its content.
  useEffect(() => {
    if (area.current && value !== emitted.current) {
      area.current.innerHTML = sanitizeRichText(value);
      emitted.current = value;
    }
  }, [value]);

  const emit = () => {
    const html = area.current?.innerHTML ?? '';
    emitted.current = html;
    onChange(html);
  };
  const remember = () => {
    const selection = window.getSelection();
    if (selection && selection.rangeCount > 0 && area.current?.contains(selection.anchorNode))
      range.current = selection.getRangeAt(0).cloneRange();
  };
  const restore = () => {
    area.current?.focus();
    const selection = window.getSelection();
    if (selection && range.current) {
      selection.removeAllRanges();
      selection.addRange(range.current);
    }
  };
  const apply = (command: string, argument?: string) => {
    restore();
    run(command, argument);
    remember();
    emit();
  };
  const toggleBlock = (tag: 'h2' | 'blockquote') => {
    restore();
    run('formatBlock', currentBlock() === tag ? 'p' : tag);
    remember();
    emit();
  };
  const addLink = () => {
    const target = linkTarget(link);
    if (!target) {
      setLinkError(LINK_MESSAGE);
      return;
    }
    restore();
    const selection = window.getSelection();
    // Nothing selected: the typed address becomes the link's text.
    if (!selection || selection.isCollapsed) run('insertHTML', `<a href="${escapeHtml(target)}">${escapeHtml(link.trim())}</a>`);
    else run('createLink', target);
    selection?.collapseToEnd();
    remember();
    emit();
    setLinking(false);
    setLink('');
    setLinkError(null);
  };

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

  let toolCount = 0;
  const tool = (name: string, icon: ReactNode, onClick: () => void) => {
    const index = toolCount++;
    return (
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
    );
  };
  return (
    <div
      className="ts-rich-text-editor"
      style={{
        border: `1px solid ${invalid ? token.colorError : token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
        ...richTextVariables(token),
      }}
    >
      <div
        ref={toolbar}
        role="toolbar"
        aria-label={`${label} formatting`}
        aria-controls={id}
        onKeyDown={moveInToolbar}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 2, padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        {tool('Heading', <FontSizeOutlined />, () => toggleBlock('h2'))}
        {tool('Bold', <BoldOutlined />, () => apply('bold'))}
        {tool('Italic', <ItalicOutlined />, () => apply('italic'))}
        {tool('Link', <LinkOutlined />, () => {
          remember();
          setLinking((open) => !open);
        })}
        {tool('Bulleted list', <UnorderedListOutlined />, () => apply('insertUnorderedList'))}
        {tool('Numbered list', <OrderedListOutlined />, () => apply('insertOrderedList'))}
        {tool('Indent', <MenuUnfoldOutlined />, () => apply('indent'))}
        {tool('Outdent', <MenuFoldOutlined />, () => apply('outdent'))}
        {tool(
          'Quote',
          <span aria-hidden="true" style={{ fontWeight: 700 }}>
            &ldquo;
          </span>,
          () => toggleBlock('blockquote'),
        )}
        {tool('Insert table', <TableOutlined />, () => apply('insertHTML', TABLE_HTML))}
        {tool('Undo', <UndoOutlined />, () => apply('undo'))}
        {tool('Redo', <RedoOutlined />, () => apply('redo'))}
      </div>
      {linking ? (
        <div style={{ padding: 8, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label="Link URL"
              placeholder="https://"
              value={link}
              status={linkError ? 'error' : undefined}
              onChange={(event) => setLink(event.target.value)}
              onPressEnter={(event) => {
                event.preventDefault();
                addLink();
              }}
              autoFocus
            />
            <Button onClick={addLink}>Add link</Button>
            <Button
              onClick={() => {
                setLinking(false);
                setLinkError(null);
              }}
            >
              Cancel
            </Button>
          </Space.Compact>
          {linkError ? (
            <Typography.Text type="danger" role="alert">
              {linkError}
            </Typography.Text>
          ) : null}
        </div>
      ) : null}
      <div
        id={id}
        ref={area}
        className="ts-rich-text ts-rich-text-area"
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-invalid={invalid || undefined}
        contentEditable={!disabled}
        suppressContentEditableWarning
        tabIndex={0}
        onInput={emit}
        onBlur={() => {
          remember();
          emit();
        }}
        onKeyUp={remember}
        onMouseUp={remember}
        style={{ minHeight: 140, padding: '8px 11px', outline: 'none', overflowX: 'auto' }}
        data-testid={`rich-text-${id}`}
      />
    </div>
  );
}
