import { useMutation } from '@apollo/client/react';
import { useFormik } from 'formik';
import { useState } from 'react';
import { serverError } from '../../lib/errors';
import { restPost } from '../../lib/rest';
import { useAuth } from './auth-context';
import { REGISTER_USER } from './auth.operations';
import { AUTH_MESSAGES, authErrorMessage } from './auth-messages';
import { registerSchema } from './auth-schemas';

export type Notice = { type: 'success' | 'info' | 'warning' | 'error'; text: string } | null;

/**
 * The register form: registers the user on the brand, subscribes them to the newsletter when asked
 * (a failed subscription only warns), then signs them in or says to confirm the email.
 */
export function useRegisterForm(brand: string) {
  const { completeSignIn } = useAuth();
  const [register] = useMutation(REGISTER_USER);
  const [notice, setNotice] = useState<Notice>(null);
  const formik = useFormik({
    initialValues: {
      email: '',
      password: '',
      confirmPassword: '',
      firstName: '',
      lastName: '',
      username: '',
      acceptTerms: false,
      subscribe: false,
    },
    validationSchema: registerSchema,
    onSubmit: async (values) => {
      setNotice(null);
      try {
        const result = await register({
          variables: {
            email: values.email.trim(),
            password: values.password,
            brand: brand,
            username: values.username.trim(),
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
          },
        });
        if (values.subscribe) {
          restPost('/subscribe', { email: values.email.trim(), fields: { name: values.firstName.trim() } }, brand).catch(() =>
            setNotice({
              type: 'warning',
              text: 'An error occured when trying to subscribe. The provided email may be subscribed already or looks fake.',
            }),
          );
        }
        const payload = result.data?.registerUser;
        if (payload?.jwt) await completeSignIn(payload.jwt, payload.user);
        else setNotice({ type: 'success', text: AUTH_MESSAGES.registrationNeedsConfirmation });
      } catch (error) {
        const { code, message } = serverError(error);
        setNotice({ type: 'error', text: authErrorMessage(code, message) });
      }
    },
  });
  return { formik, notice };
}
