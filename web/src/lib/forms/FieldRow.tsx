import { Form } from 'antd';
import type { FormikProps } from 'formik';
import type { ReactNode } from 'react';

/**
 * An Ant Design form row showing formik's message for `name` beside the field once touched (or after a submit attempt).
 * `htmlFor` is the control's id (default `name`); `required` shows the required mark.
 */
export function FieldRow<V extends object>({
  formik,
  name,
  label,
  htmlFor = name,
  required = false,
  children,
}: {
  formik: FormikProps<V>;
  name: keyof V & string;
  label?: ReactNode;
  htmlFor?: string;
  required?: boolean;
  children: ReactNode;
}) {
  const error = (formik.errors as Record<string, unknown>)[name];
  // Formik marks every field touched on a submit attempt, so this covers "after a submit" too.
  const touched = (formik.touched as Record<string, unknown>)[name];
  const message = touched && typeof error === 'string' ? error : undefined;
  return (
    <Form.Item label={label} htmlFor={htmlFor} validateStatus={message ? 'error' : undefined} help={message} required={required}>
      {children}
    </Form.Item>
  );
}
