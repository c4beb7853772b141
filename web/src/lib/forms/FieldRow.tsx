import { Form } from 'antd';
import type { FormikProps } from 'formik';
import type { ReactNode } from 'react';

/** An Ant Design form row showing formik's message for `name` beside the field once touched (or after a submit attempt). */
export function FieldRow<V extends object>({
  formik,
  name,
  label,
  children,
}: {
  formik: FormikProps<V>;
  name: keyof V & string;
  label?: ReactNode;
  children: ReactNode;
}) {
  const error = (formik.errors as Record<string, unknown>)[name];
  // Formik marks every field touched on a submit attempt, so this covers "after a submit" too.
  const touched = (formik.touched as Record<string, unknown>)[name];
  const message = touched && typeof error === 'string' ? error : undefined;
  return (
    <Form.Item label={label} htmlFor={name} validateStatus={message ? 'error' : undefined} help={message} required={false}>
      {children}
    </Form.Item>
  );
}
