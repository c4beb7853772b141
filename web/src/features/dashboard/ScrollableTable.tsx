import { Table, type TableProps } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * An Ant Design table that scrolls sideways on narrow screens and can be scrolled from the
 * keyboard: its scroll box is a labelled region in the Tab order (WCAG 2.1.1; axe
 * scrollable-region-focusable). A table of plain text, such as the transactions, otherwise has
 * nothing a keyboard can focus to reach its hidden columns.
 */
export function ScrollableTable<Row extends object>({ label, ...props }: TableProps<Row> & { label: string }) {
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Ant Design renders the scroll box itself; mark it once it exists (it stays across data changes).
    for (const box of wrapper.current?.querySelectorAll<HTMLElement>('.ant-table-content') ?? []) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', label);
    }
  });
  return (
    <div ref={wrapper}>
      <Table<Row> scroll={{ x: true }} {...props} />
    </div>
  );
}
