import { useMutation } from '@apollo/client/react';
import { Button, Form, Input, Modal } from 'antd';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { COMMENT_SUCCESS_MESSAGES } from '@trackside/contracts/errors/comment-error-codes';
import { serverError } from '../../../lib/errors';
import { FieldRow } from '../../../lib/forms/FieldRow';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/auth-context';
import { EMAIL_SELLER } from '../auction.operations';

export const EMAIL_MESSAGES = {
  subject: 'Please provide a subject',
  body: 'Please provide a message',
  login: 'Must be logged in to send email.',
} as const;

const schema = yup.object({
  subject: yup.string().trim().required(EMAIL_MESSAGES.subject).max(200),
  body: yup.string().trim().required(EMAIL_MESSAGES.body).max(5000),
});

/** Email the seller (spec 001 sections 2 and 5): subject and body, signed-in users only. */
export function EmailSellerDialog({ open, auctionId, onClose }: { open: boolean; auctionId: string; onClose: () => void }) {
  const { isLoggedIn } = useAuth();
  const [send] = useMutation(EMAIL_SELLER);
  const formik = useFormik({
    initialValues: { subject: '', body: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      if (!isLoggedIn) {
        notify('error', EMAIL_MESSAGES.login);
        return;
      }
      try {
        await send({ variables: { auctionId, subject: values.subject.trim(), body: values.body.trim() } });
        notify('success', COMMENT_SUCCESS_MESSAGES.emailSent);
        helpers.resetForm();
        onClose();
      } catch (failure) {
        // What the user typed stays in the form.
        notify('error', serverError(failure).message);
      }
    },
  });
  return (
    <Modal open={open} title="Email Seller" onCancel={onClose} footer={null}>
      <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate>
        <FieldRow formik={formik} name="subject" label="Subject">
          <Input id="subject" {...formik.getFieldProps('subject')} />
        </FieldRow>
        <FieldRow formik={formik} name="body" label="Message">
          <Input.TextArea id="body" rows={5} {...formik.getFieldProps('body')} />
        </FieldRow>
        <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
          Send
        </Button>
      </Form>
    </Modal>
  );
}
