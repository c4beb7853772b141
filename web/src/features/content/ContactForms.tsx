import { Alert, Button, Col, Form, Input, Row, Select, Typography } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { CONTACT_ERROR_MESSAGES, CONTACT_MESSAGES } from '@trackside/contracts/errors/social-contact-messages';
import { FieldRow } from '../../lib/forms/FieldRow';
import { RestError, restPost } from '../../lib/rest';
import { useBrand } from '../brand';

export type ContactType = 'CONTACT_US' | 'CONTACT_US_DEALER' | 'CONTACT_US_PARTNER';

const REASONS = ['Buying', 'Selling', 'Auctions', 'Directory', 'Partnerships', 'Support', 'Other'];
const JEWELRY_REASONS = ['Buying', 'Selling', 'Support', 'Other'];

const contactSchema = yup.object({
  name: yup.string().trim().required(CONTACT_ERROR_MESSAGES['contact.name.provide']),
  email: yup
    .string()
    .trim()
    .email(CONTACT_ERROR_MESSAGES['contact.email.format'])
    .required(CONTACT_ERROR_MESSAGES['contact.email.provide']),
  phone: yup.string(),
  reason: yup.string().required(CONTACT_ERROR_MESSAGES['contact.reason.provide']),
  message: yup.string(),
});

/**
 * The contact-us form (spec 000 sections 2 and 5) over POST /email: template CONTACT_US (or the
 * dealer and partner variants), the fields as `v:` values. Success shows the spec's thanks.
 */
export function ContactForm({ type = 'CONTACT_US' }: { type?: ContactType }) {
  const { config } = useBrand();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const reasons = config.wording === 'jewelry' ? JEWELRY_REASONS : REASONS;
  const formik = useFormik({
    initialValues: { name: '', email: '', phone: '', reason: '', message: '' },
    validationSchema: contactSchema,
    onSubmit: async (values, helpers) => {
      setResult(null);
      try {
        await restPost(
          '/email',
          {
            template: type,
            'o:tag': type,
            subject: `${values.reason}: ${values.name.trim()}`,
            from: values.email.trim(),
            'v:name': values.name.trim(),
            'v:email': values.email.trim(),
            'v:phone': values.phone.trim(),
            'v:reason': values.reason,
            'v:message': values.message.trim(),
          },
          config.brand,
        );
        setResult({ ok: true, text: CONTACT_MESSAGES.contactSuccess.replace('{company}', config.companyName) });
        helpers.resetForm();
      } catch (failure) {
        setResult({ ok: false, text: failure instanceof RestError ? failure.message : 'An unexpected error occurred' });
      }
    },
  });
  return (
    <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate data-testid="contact-form">
      {result ? (
        <Alert type={result.ok ? 'success' : 'error'} showIcon role="status" title={result.text} className="ts-form-notice" />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FieldRow formik={formik} name="name" label="Name">
            <Input id="name" autoComplete="name" {...formik.getFieldProps('name')} />
          </FieldRow>
        </Col>
        <Col xs={24} md={12}>
          <FieldRow formik={formik} name="email" label="Email">
            <Input id="email" autoComplete="email" {...formik.getFieldProps('email')} />
          </FieldRow>
        </Col>
        <Col xs={24} md={12}>
          <FieldRow formik={formik} name="phone" label="Phone">
            <Input id="phone" autoComplete="tel" {...formik.getFieldProps('phone')} />
          </FieldRow>
        </Col>
        <Col xs={24} md={12}>
          <FieldRow formik={formik} name="reason" label="Reason">
            <Select
              id="reason"
              aria-label="Reason"
              value={formik.values.reason || undefined}
              placeholder="Select a reason"
              options={reasons.map((value) => ({ value, label: value }))}
              onChange={(value: string) => void formik.setFieldValue('reason', value)}
              onBlur={() => void formik.setFieldTouched('reason', true)}
            />
          </FieldRow>
        </Col>
        <Col xs={24}>
          <FieldRow formik={formik} name="message" label="Message">
            <Input.TextArea id="message" rows={4} {...formik.getFieldProps('message')} />
          </FieldRow>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
        Send
      </Button>
    </Form>
  );
}

const partnerSchema = yup.object({
  businessName: yup.string().trim().required(CONTACT_ERROR_MESSAGES['contact.businessName.provide']),
  name: yup.string().trim().required(CONTACT_ERROR_MESSAGES['contact.name.provide']),
  email: yup
    .string()
    .trim()
    .email(CONTACT_ERROR_MESSAGES['contact.email.format'])
    .required(CONTACT_ERROR_MESSAGES['contact.email.provide']),
  phoneNumber: yup.string().trim().required(CONTACT_ERROR_MESSAGES['contact.phoneNumber.provide']),
  businessWebsite: yup.string(),
  instagram: yup.string(),
  comments: yup.string(),
});

/** The partner inquiry form (spec 000 section 5): business name, name, email and phone required; 'We will look into your inquiry shortly.' */
export function PartnerInquiryForm() {
  const { config } = useBrand();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const formik = useFormik({
    initialValues: { businessName: '', name: '', email: '', phoneNumber: '', businessWebsite: '', instagram: '', comments: '' },
    validationSchema: partnerSchema,
    onSubmit: async (values, helpers) => {
      setResult(null);
      try {
        const fields = Object.fromEntries(Object.entries(values).map(([key, value]) => [`v:${key}`, value.trim()]));
        await restPost(
          '/email',
          { template: 'PARTNER_INQUIRY', 'o:tag': 'PARTNER_INQUIRY', subject: `Partner inquiry: ${values.businessName.trim()}`, ...fields },
          config.brand,
        );
        setResult({ ok: true, text: CONTACT_MESSAGES.partnerSuccess });
        helpers.resetForm();
      } catch (failure) {
        setResult({ ok: false, text: failure instanceof RestError ? failure.message : 'An unexpected error occurred' });
      }
    },
  });
  const field = (name: keyof typeof formik.values, label: string) => (
    <FieldRow formik={formik} name={name} label={label}>
      <Input id={name} {...formik.getFieldProps(name)} />
    </FieldRow>
  );
  return (
    <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate data-testid="partner-form">
      {result ? (
        <Alert type={result.ok ? 'success' : 'error'} showIcon role="status" title={result.text} className="ts-form-notice" />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {field('businessName', 'Business name')}
        </Col>
        <Col xs={24} md={12}>
          {field('name', 'Your name')}
        </Col>
        <Col xs={24} md={12}>
          {field('email', 'Email')}
        </Col>
        <Col xs={24} md={12}>
          {field('phoneNumber', 'Phone number')}
        </Col>
        <Col xs={24} md={12}>
          {field('businessWebsite', 'Business website')}
        </Col>
        <Col xs={24} md={12}>
          {field('instagram', 'Instagram')}
        </Col>
        <Col xs={24}>
          <FieldRow formik={formik} name="comments" label="Comments">
            <Input.TextArea id="comments" rows={4} {...formik.getFieldProps('comments')} />
          </FieldRow>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
        Send inquiry
      </Button>
    </Form>
  );
}

/** Newsletter sign-up (POST /subscribe with email and fields.name). */
export function NewsletterSignup() {
  const { config } = useBrand();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setResult(null);
    try {
      await restPost('/subscribe', { email: email.trim(), fields: { name: name.trim() } }, config.brand);
      setResult({ ok: true, text: 'Thank you for subscribing.' });
      setEmail('');
      setName('');
    } catch {
      setResult({ ok: false, text: CONTACT_ERROR_MESSAGES['newsletter.subscribe.error'] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="newsletter-title" className="ts-directory-section" data-testid="newsletter">
      <Typography.Title level={2} id="newsletter-title">
        Newsletter
      </Typography.Title>
      {result ? (
        <Alert type={result.ok ? 'success' : 'error'} showIcon role="status" title={result.text} className="ts-form-notice" />
      ) : null}
      <Form layout="inline" onFinish={() => void submit()}>
        <Form.Item label="Name" htmlFor="newsletterName">
          <Input id="newsletterName" value={name} onChange={(event) => setName(event.target.value)} autoComplete="name" />
        </Form.Item>
        <Form.Item label="Email" htmlFor="newsletterEmail">
          <Input id="newsletterEmail" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="email" />
        </Form.Item>
        <Button htmlType="submit" loading={busy}>
          Subscribe
        </Button>
      </Form>
    </section>
  );
}
