import { useMutation } from '@apollo/client/react';
import { Button, Form, Input, Modal } from 'antd';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { AUTH_ERROR_MESSAGES } from '@trackside/contracts/errors/auth-error-codes';
import { FieldRow } from '../../../lib/forms/FieldRow';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { INVITE_USER } from './users.operations';

interface InviteValues {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
}

const schema = yup.object({
  email: yup.string().trim().required('Enter the email address to invite.').email(AUTH_ERROR_MESSAGES['Auth.form.error.email.format']),
  username: yup
    .string()
    .trim()
    .matches(/^[A-Za-z0-9]{4,20}$/, { message: AUTH_ERROR_MESSAGES['Auth.form.error.username.format'], excludeEmptyString: true }),
  firstName: yup.string().trim().max(100),
  lastName: yup.string().trim().max(100),
});

/** Invite by email (inviteUser): the account is created and emailed a link to choose a password. */
export function InviteUserDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: () => void }) {
  const [invite] = useMutation(INVITE_USER);
  const formik = useFormik<InviteValues>({
    initialValues: { email: '', username: '', firstName: '', lastName: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      try {
        const { data } = await invite({
          variables: {
            input: {
              email: values.email.trim(),
              username: values.username.trim() || null,
              firstName: values.firstName.trim() || null,
              lastName: values.lastName.trim() || null,
            },
          },
        });
        notify('success', `Invitation sent to ${data?.inviteUser.email ?? values.email.trim()}.`);
        helpers.resetForm();
        onInvited();
        onClose();
      } catch (error) {
        notify('error', serverError(error).message);
      }
    },
  });
  return (
    <Modal open={open} title="Invite a user" onCancel={onClose} footer={null} destroyOnHidden>
      <Form layout="vertical" onFinish={() => formik.handleSubmit()} component="form" noValidate data-testid="invite-user-form">
        <FieldRow formik={formik} name="email" label="Email" htmlFor="invite-email" required>
          <Input id="invite-email" type="email" autoComplete="off" {...formik.getFieldProps('email')} />
        </FieldRow>
        <FieldRow formik={formik} name="username" label="Display name (optional; made from the email when empty)" htmlFor="invite-username">
          <Input id="invite-username" autoComplete="off" {...formik.getFieldProps('username')} />
        </FieldRow>
        <FieldRow formik={formik} name="firstName" label="First name (optional)" htmlFor="invite-first-name">
          <Input id="invite-first-name" autoComplete="off" {...formik.getFieldProps('firstName')} />
        </FieldRow>
        <FieldRow formik={formik} name="lastName" label="Last name (optional)" htmlFor="invite-last-name">
          <Input id="invite-last-name" autoComplete="off" {...formik.getFieldProps('lastName')} />
        </FieldRow>
        <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
          Send invitation
        </Button>
      </Form>
    </Modal>
  );
}
