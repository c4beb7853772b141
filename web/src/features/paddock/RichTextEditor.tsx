import { theme } from 'antd';
import { richTextVariables } from './RichTextView';
import { RichTextLinkRow, RichTextToolbar } from './RichTextToolbar';
import { useRichTextArea, useRichTextLink } from './use-rich-text-editing';
import './rich-text.css';

export { linkTarget } from './use-rich-text-editing';

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
  const editing = useRichTextArea(value, onChange);
  const linking = useRichTextLink(editing);
  const { area, emit, remember } = editing;
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
      <RichTextToolbar id={id} label={label} disabled={disabled} editing={editing} onLink={linking.toggle} />
      {linking.linking ? <RichTextLinkRow linking={linking} /> : null}
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
