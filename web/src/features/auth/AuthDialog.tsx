import { useMutation } from '@apollo/client/react';
import { Alert, Button, Checkbox, Form, Grid, Input, Modal, Typography } from 'antd';
import { useFormik } from 'formik';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { serverError } from '../../lib/errors';
import { FieldRow } from '../../lib/forms/FieldRow';
import { RestError, restPost } from '../../lib/rest';
import { useBrand } from '../brand';
import { useAuth, type AuthView } from './auth-context';
import { LOGIN_USER, FORGOT_PASSWORD } from './auth.operations';
import { AUTH_MESSAGES, authErrorMessage } from './auth-messages';
import { emailOnlySchema, loginSchema } from './auth-schemas';
import { useRegisterForm, type Notice } from './use-register-form';

const TITLES: Record<AuthView, string> = {
  login: 'Log In',
  register: 'Register',
  forgot: 'Forgot Password',
  resendConfirmation: 'Resend Confirmation',
};

/**
 * The auth dialog (spec 000 sections 2, 4, 5 and 8): login, register, forgot password and resend
 * confirmation; links switch views; closing resets it to login; full screen on small screens.
 */
export function AuthDialog() {
  const { dialog, closeAuth, openAuth } = useAuth();
  const screens = Grid.useBreakpoint();
  const [resendAvailable, setResendAvailable] = useState(false);
  const view = dialog ?? 'login';
  if (!isKnownView(view)) throw new Error(AUTH_MESSAGES.unsupportedAuthAction.replace('{action}', String(view)));
  const small = !screens.md;
  return (
    <Modal
      open={dialog !== null}
      onCancel={() => {
        closeAuth();
        setResendAvailable(false);
      }}
      footer={null}
      title={TITLES[view]}
      destroyOnHidden
      width={small ? '100%' : 480}
      className={small ? 'ts-fullscreen-modal' : undefined}
      data-testid="auth-dialog"
    >
      {view === 'login' ? (
        <LoginView switchTo={openAuth} onUnconfirmed={() => setResendAvailable(true)} resendAvailable={resendAvailable} />
      ) : null}
      {view === 'register' ? <RegisterView switchTo={openAuth} /> : null}
      {view === 'forgot' ? <ForgotView switchTo={openAuth} /> : null}
      {view === 'resendConfirmation' ? <ResendView switchTo={openAuth} /> : null}
    </Modal>
  );
}

function isKnownView(view: string): view is AuthView {
  return view === 'login' || view === 'register' || view === 'forgot' || view === 'resendConfirmation';
}

function NoticeBox({ notice }: { notice: Notice }) {
  return notice ? <Alert type={notice.type} title={notice.text} showIcon className="ts-form-notice" role="alert" /> : null;
}

function SwitchLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="link" onClick={onClick} className="ts-link-button">
      {children}
    </Button>
  );
}

function LoginView({
  switchTo,
  onUnconfirmed,
  resendAvailable,
}: {
  switchTo: (view: AuthView) => void;
  onUnconfirmed: () => void;
  resendAvailable: boolean;
}) {
  const { config } = useBrand();
  const { completeSignIn } = useAuth();
  const [login] = useMutation(LOGIN_USER);
  const [notice, setNotice] = useState<Notice>(null);
  const formik = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      setNotice(null);
      try {
        const result = await login({ variables: { email: values.email.trim(), password: values.password, brand: config.brand } });
        const payload = result.data?.loginUser;
        if (payload?.jwt) await completeSignIn(payload.jwt, payload.user);
      } catch (error) {
        const { code, message } = serverError(error);
        if (code === 'Auth.form.error.confirmed') {
          onUnconfirmed();
          setNotice({ type: 'warning', text: authErrorMessage(code, message) });
        } else {
          setNotice({ type: 'error', text: authErrorMessage(code, message) });
        }
      }
    },
  });
  return (
    <Form layout="vertical" onFinish={() => formik.handleSubmit()} component="form" noValidate>
      <NoticeBox notice={notice} />
      <FieldRow formik={formik} name="email" label="Email">
        <Input id="email" type="email" autoComplete="email" {...formik.getFieldProps('email')} />
      </FieldRow>
      <FieldRow formik={formik} name="password" label="Password">
        <Input.Password id="password" autoComplete="current-password" {...formik.getFieldProps('password')} />
      </FieldRow>
      <Button type="primary" htmlType="submit" block loading={formik.isSubmitting}>
        Log In
      </Button>
      <div className="ts-auth-links">
        <SwitchLink onClick={() => switchTo('forgot')}>Forgot password?</SwitchLink>
        <SwitchLink onClick={() => switchTo('register')}>Create an account</SwitchLink>
        {resendAvailable ? <SwitchLink onClick={() => switchTo('resendConfirmation')}>Resend confirmation email</SwitchLink> : null}
      </div>
    </Form>
  );
}

/** The brand that does not offer the newsletter box at sign-up (spec 000 section 5: "all brands except one"). */
const NO_NEWSLETTER_BRANDS = new Set(['jewelry']);

function RegisterView({ switchTo }: { switchTo: (view: AuthView) => void }) {
  const { config } = useBrand();
  const { formik, notice } = useRegisterForm(config.brand);
  return (
    <Form layout="vertical" onFinish={() => formik.handleSubmit()} component="form" noValidate>
      <NoticeBox notice={notice} />
      <FieldRow formik={formik} name="firstName" label="First name">
        <Input id="firstName" autoComplete="given-name" {...formik.getFieldProps('firstName')} />
      </FieldRow>
      <FieldRow formik={formik} name="lastName" label="Last name">
        <Input id="lastName" autoComplete="family-name" {...formik.getFieldProps('lastName')} />
      </FieldRow>
      <FieldRow formik={formik} name="username" label="Display name">
        <Input id="username" autoComplete="username" {...formik.getFieldProps('username')} />
      </FieldRow>
      <FieldRow formik={formik} name="email" label="Email">
        <Input id="email" type="email" autoComplete="email" {...formik.getFieldProps('email')} />
      </FieldRow>
      <FieldRow formik={formik} name="password" label="Password">
        <Input.Password id="password" autoComplete="new-password" {...formik.getFieldProps('password')} />
      </FieldRow>
      <FieldRow formik={formik} name="confirmPassword" label="Confirm password">
        <Input.Password id="confirmPassword" autoComplete="new-password" {...formik.getFieldProps('confirmPassword')} />
      </FieldRow>
      <FieldRow formik={formik} name="acceptTerms">
        <Checkbox
          id="acceptTerms"
          checked={formik.values.acceptTerms}
          onChange={(e) => void formik.setFieldValue('acceptTerms', e.target.checked)}
        >
          I accept the{' '}
          <Link to="/page/terms-and-conditions" target="_blank">
            Terms &amp; Conditions
          </Link>
        </Checkbox>
      </FieldRow>
      {NO_NEWSLETTER_BRANDS.has(config.brand) ? null : (
        <FieldRow formik={formik} name="subscribe">
          <Checkbox
            id="subscribe"
            checked={formik.values.subscribe}
            onChange={(e) => void formik.setFieldValue('subscribe', e.target.checked)}
          >
            Subscribe to our newsletter
          </Checkbox>
        </FieldRow>
      )}
      <Button type="primary" htmlType="submit" block loading={formik.isSubmitting}>
        Register
      </Button>
      <div className="ts-auth-links">
        <Typography.Text>Already have an account?</Typography.Text>
        <SwitchLink onClick={() => switchTo('login')}>Log In</SwitchLink>
      </div>
    </Form>
  );
}

function ForgotView({ switchTo }: { switchTo: (view: AuthView) => void }) {
  const { config } = useBrand();
  const [forgot] = useMutation(FORGOT_PASSWORD);
  const [notice, setNotice] = useState<Notice>(null);
  const formik = useFormik({
    initialValues: { email: '' },
    validationSchema: emailOnlySchema,
    onSubmit: async (values) => {
      setNotice(null);
      try {
        await forgot({ variables: { email: values.email.trim(), brand: config.brand } });
        setNotice({ type: 'success', text: AUTH_MESSAGES.forgotPasswordSent });
      } catch (error) {
        const { code } = serverError(error);
        // Whether the account exists is never revealed: only a malformed address gets its own text.
        setNotice(
          code === 'Auth.form.error.email.format' || code === 'wrong.email'
            ? { type: 'error', text: AUTH_MESSAGES.forgotPasswordEmailFormat }
            : { type: 'success', text: AUTH_MESSAGES.forgotPasswordSent },
        );
      }
    },
  });
  return (
    <Form layout="vertical" onFinish={() => formik.handleSubmit()} component="form" noValidate>
      <NoticeBox notice={notice} />
      <FieldRow formik={formik} name="email" label="Email">
        <Input id="email" type="email" autoComplete="email" {...formik.getFieldProps('email')} />
      </FieldRow>
      <Button type="primary" htmlType="submit" block loading={formik.isSubmitting}>
        Send reset link
      </Button>
      <div className="ts-auth-links">
        <SwitchLink onClick={() => switchTo('login')}>Back to Log In</SwitchLink>
      </div>
    </Form>
  );
}

const RESEND_CODES = new Set(['missing.email', 'already.confirmed', 'blocked.user']);

function ResendView({ switchTo }: { switchTo: (view: AuthView) => void }) {
  const { config } = useBrand();
  const { user } = useAuth();
  const [notice, setNotice] = useState<Notice>(null);
  const formik = useFormik({
    initialValues: { email: user?.email ?? '' },
    validationSchema: emailOnlySchema,
    onSubmit: async (values) => {
      setNotice(null);
      try {
        const answer = await restPost<{ sent?: boolean }>('/auth/send-email-confirmation', { email: values.email.trim() }, config.brand);
        setNotice(
          answer?.sent === false
            ? { type: 'error', text: AUTH_MESSAGES.resendConfirmationNotSent }
            : { type: 'success', text: AUTH_MESSAGES.resendConfirmationOther },
        );
      } catch (error) {
        const code = error instanceof RestError ? error.code : null;
        setNotice(
          code && RESEND_CODES.has(code)
            ? { type: 'error', text: authErrorMessage(code, AUTH_MESSAGES.resendConfirmationOther) }
            : { type: 'info', text: AUTH_MESSAGES.resendConfirmationOther },
        );
      }
    },
  });
  return (
    <Form layout="vertical" onFinish={() => formik.handleSubmit()} component="form" noValidate>
      <Typography.Paragraph>Enter your email and we will send you a new confirmation link.</Typography.Paragraph>
      <NoticeBox notice={notice} />
      <FieldRow formik={formik} name="email" label="Email">
        <Input id="email" type="email" autoComplete="email" {...formik.getFieldProps('email')} />
      </FieldRow>
      <Button type="primary" htmlType="submit" block loading={formik.isSubmitting}>
        Resend confirmation email
      </Button>
      <div className="ts-auth-links">
        <SwitchLink onClick={() => switchTo('login')}>Back to Log In</SwitchLink>
      </div>
    </Form>
  );
}
