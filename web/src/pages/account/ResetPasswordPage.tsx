import { useMutation } from '@apollo/client/react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { serverError } from '../../lib/errors';
import { FieldRow } from '../../lib/forms/FieldRow';
import { useAuth } from '../../features/auth/auth-context';
import { RESET_PASSWORD } from '../../features/auth/auth.operations';
import { authErrorMessage } from '../../features/auth/auth-messages';
import { resetPasswordSchema } from '../../features/auth/auth-schemas';
import { useBrand } from '../../features/brand';

export const RESET_CODE_INVALID = 'Password reset token expired or invalid. Please reset your password again.';

/** /reset-password/{code} (or ?code=): a new password for the account of the emailed code. */
export default function ResetPasswordPage() {
  const params = useParams();
  const { search } = useLocation();
  const code = params.code ?? new URLSearchParams(search).get('code') ?? '';
  const { config } = useBrand();
  const { completeSignIn, openAuth } = useAuth();
  const navigate = useNavigate();
  const [reset] = useMutation(RESET_PASSWORD);
  const [error, setError] = useState<string | null>(code ? null : RESET_CODE_INVALID);
  const formik = useFormik({
    initialValues: { password: '', passwordConfirmation: '' },
    validationSchema: resetPasswordSchema,
    onSubmit: async (values) => {
      setError(null);
      try {
        const result = await reset({ variables: { ...values, code, brand: config.brand } });
        const payload = result.data?.resetPasswordBrand;
        if (payload?.jwt) await completeSignIn(payload.jwt, payload.user);
        await navigate('/');
      } catch (failure) {
        const { code: errorCode, message } = serverError(failure);
        setError(errorCode === 'Auth.form.error.code.provide' ? RESET_CODE_INVALID : authErrorMessage(errorCode, message));
      }
    },
  });
  return (
    <section className="ts-page ts-narrow">
      <Typography.Title>Reset Password</Typography.Title>
      {error ? <Alert type="error" title={error} showIcon className="ts-form-notice" role="alert" /> : null}
      {code ? (
        <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate>
          <FieldRow formik={formik} name="password" label="New password">
            <Input.Password id="password" autoComplete="new-password" {...formik.getFieldProps('password')} />
          </FieldRow>
          <FieldRow formik={formik} name="passwordConfirmation" label="Confirm password">
            <Input.Password id="passwordConfirmation" autoComplete="new-password" {...formik.getFieldProps('passwordConfirmation')} />
          </FieldRow>
          <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
            Reset Password
          </Button>
        </Form>
      ) : (
        <Button onClick={() => openAuth('forgot')}>Send a new reset link</Button>
      )}
    </section>
  );
}
