import { useEffect, useRef, useState, type RefObject } from 'react';
import { safeLinkUrl, sanitizeRichText } from '@trackside/contracts/catalogue/rich-text';

const LINK_MESSAGE = 'Enter a link starting with http:// or https://';

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

/** The editable area and the commands acting on the selection it last had. */
export interface RichTextEditing {
  area: RefObject<HTMLDivElement | null>;
  /** Reports the area's HTML as the new value. */
  emit: () => void;
  /** Keeps the selection when it is inside the area. */
  remember: () => void;
  /** Focuses the area and puts the kept selection back. */
  restore: () => void;
  apply: (command: string, argument?: string) => void;
  toggleBlock: (tag: 'h2' | 'blockquote') => void;
}

/**
 * The rich-text editor's contentEditable area: uncontrolled while typing, a value from outside (prefill,
 * reset) replaces its content; every command restores the kept selection, runs, keeps it again and emits.
 */
export function useRichTextArea(value: string, onChange: (html: string) => void): RichTextEditing {
  const area = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const range = useRef<Range | null>(null);

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
  return { area, emit, remember, restore, apply, toggleBlock };
}

/** The link row's state: open or not, the typed address, its message, adding the link and cancelling. */
export interface RichTextLinking {
  linking: boolean;
  link: string;
  error: string | null;
  setLink: (link: string) => void;
  /** The toolbar's Link button: keeps the selection and opens or closes the row. */
  toggle: () => void;
  add: () => void;
  cancel: () => void;
}

export function useRichTextLink({ remember, restore, emit }: RichTextEditing): RichTextLinking {
  const [linking, setLinking] = useState(false);
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const target = linkTarget(link);
    if (!target) {
      setError(LINK_MESSAGE);
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
    setError(null);
  };
  const toggle = () => {
    remember();
    setLinking((open) => !open);
  };
  const cancel = () => {
    setLinking(false);
    setError(null);
  };
  return { linking, link, error, setLink, toggle, add, cancel };
}
