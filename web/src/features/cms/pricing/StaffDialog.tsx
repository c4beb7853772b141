import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';

/** The pricing dialogs' frame: "Save <noun>" saves (loading while busy), Cancel closes, a vertical form inside. */
export function StaffDialog({
  title,
  noun,
  busy,
  width,
  onOk,
  onCancel,
  children,
}: {
  title: string;
  noun: string;
  busy: boolean;
  width?: number;
  onOk: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Modal open width={width} title={title} okText={`Save ${noun}`} okButtonProps={{ loading: busy }} onOk={onOk} onCancel={onCancel}>
      <Form layout="vertical" component="div">
        {children}
      </Form>
    </Modal>
  );
}
