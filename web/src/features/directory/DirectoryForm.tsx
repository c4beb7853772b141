import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Checkbox, Col, Form, Input, Row, Select, Switch, Typography, Upload } from 'antd';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { UPLOAD_MESSAGES } from '@trackside/contracts/catalogue/catalogue-messages';
import { serverError } from '../../lib/errors';
import { FieldRow } from '../../lib/forms/FieldRow';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand';
import { uploadImages } from '../auctions/wizard/upload-images';
import { COUNTRY_STATE } from '../auctions/wizard/wizard.operations';
import type { PricingPackage } from '../pricing/pricing.operations';
import { CREATE_DIRECTORY, UPDATE_DIRECTORY, type Directory } from './directory.operations';
import { useFocusFirstError } from './use-focus-first-error';
import { SOCIAL_KEYS, directorySchema, initialFormValues, toDirectoryInput, type DirectoryFormValues } from './directory-form';
import { DAY_NAMES, DEFAULT_HOURS, DIRECTORY_CATEGORIES, HOURS_DAYS, categoryLabel, keywordLimit } from './directory-rules';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const MAX_IMAGE_BYTES = 5_242_880;

/**
 * The directory form (spec 002 sections 2 and 5) for a plan: every field with its message beside it;
 * social links, video link and image only for featured plans; nothing typed is lost on a failed save.
 */
export function DirectoryForm({
  entry,
  plan,
  featured,
  onSaved,
}: {
  entry?: Directory | null;
  plan: PricingPackage | null;
  featured: boolean;
  onSaved: (directory: Directory) => void;
}) {
  const { user } = useAuth();
  const { config } = useBrand();
  // Countries and their states from the catalogue (countryState, spec 002); the entry stores the names.
  const countryQuery = useQuery(COUNTRY_STATE);
  const countries = useMemo(() => countryQuery.data?.countryState ?? [], [countryQuery.data]);
  const [createDirectory] = useMutation(CREATE_DIRECTORY);
  const [updateDirectory] = useMutation(UPDATE_DIRECTORY);
  const [failure, setFailure] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const formik = useFormik<DirectoryFormValues>({
    initialValues: initialFormValues(entry),
    validationSchema: directorySchema(featured),
    onSubmit: async (values) => {
      setFailure(null);
      try {
        const input = toDirectoryInput(values, featured);
        if (featured && image) input.image = (await uploadImages([image], config.brand))[0] ?? null;
        if (plan) input.packageId = plan.id;
        if (entry) {
          const { data } = await updateDirectory({ variables: { id: entry.id, data: input } });
          if (data?.updateDirectory.directory) onSaved(data.updateDirectory.directory);
        } else {
          const { data } = await createDirectory({ variables: { data: { ...input, userId: user?.id ?? null, tos: values.tos } } });
          if (data?.createDirectory.directory) onSaved(data.createDirectory.directory);
        }
      } catch (error) {
        setFailure(serverError(error).message);
      }
    },
  });
  useFocusFirstError('.ts-directory-form', formik);
  // A state list when the country has states, else free text (as the auction wizard).
  const states = countries.find((country) => country.name === formik.values.addressCountry)?.states.map((state) => state.name) ?? [];
  const text = (name: keyof DirectoryFormValues & string, label: string, extra: Record<string, unknown> = {}) => (
    <FieldRow formik={formik} name={name} label={label}>
      <Input id={name} {...formik.getFieldProps(name)} {...extra} />
    </FieldRow>
  );

  return (
    <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate className="ts-directory-form" data-testid="directory-form">
      {failure ? <Alert type="error" showIcon role="alert" title={failure} className="ts-form-notice" /> : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('name', 'Name')}
        </Col>
        <Col xs={24} md={12}>
          <FieldRow formik={formik} name="category" label="Category">
            <Select
              id="category"
              aria-label="Category"
              value={formik.values.category || undefined}
              placeholder="Select a category"
              options={DIRECTORY_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }))}
              onChange={(value: string) => void formik.setFieldValue('category', value)}
              onBlur={() => void formik.setFieldTouched('category', true)}
            />
          </FieldRow>
        </Col>
        <Col xs={24} md={8}>
          {text('website', 'Website', { placeholder: 'https://' })}
        </Col>
        <Col xs={24} md={8}>
          {text('phone', 'Phone', { inputMode: 'tel' })}
        </Col>
        <Col xs={24} md={8}>
          {text('email', 'Email', { inputMode: 'email' })}
        </Col>
        <Col xs={24}>{text('keywords', `Keywords (comma separated, at most ${keywordLimit(featured)})`)}</Col>
        <Col xs={24} md={12}>
          {countryQuery.error && countries.length === 0 ? (
            // The list could not load: the country is typed rather than blocking the form.
            text('addressCountry', 'Country')
          ) : (
            <FieldRow formik={formik} name="addressCountry" label="Country">
              <Select
                id="addressCountry"
                aria-label="Country"
                showSearch
                optionFilterProp="label"
                virtual={false}
                loading={countryQuery.loading}
                value={formik.values.addressCountry || undefined}
                placeholder="Select a country"
                options={countries.map((country) => ({ value: country.name, label: country.name }))}
                onChange={(value: string) => {
                  void formik.setFieldValue('addressCountry', value);
                  void formik.setFieldValue('addressState', '');
                }}
                onBlur={() => void formik.setFieldTouched('addressCountry', true)}
              />
            </FieldRow>
          )}
        </Col>
        <Col xs={24} md={12}>
          {states.length > 0 ? (
            <FieldRow formik={formik} name="addressState" label="State">
              <Select
                id="addressState"
                aria-label="State"
                showSearch
                optionFilterProp="label"
                virtual={false}
                value={formik.values.addressState || undefined}
                placeholder="Select a state"
                options={states.map((state) => ({ value: state, label: state }))}
                onChange={(value: string) => void formik.setFieldValue('addressState', value)}
                onBlur={() => void formik.setFieldTouched('addressState', true)}
              />
            </FieldRow>
          ) : (
            text('addressState', 'State')
          )}
        </Col>
        <Col xs={24} md={12}>
          {text('addressCity', 'City')}
        </Col>
        <Col xs={24} md={12}>
          {text('addressPostal', 'Postal code')}
        </Col>
        <Col xs={24} md={12}>
          {text('addressStreet1', 'Street address')}
        </Col>
        <Col xs={24} md={12}>
          {text('addressStreet2', 'Street address 2')}
        </Col>
      </Row>

      <Typography.Title level={3} style={{ fontSize: 18 }}>
        Hours of operation
      </Typography.Title>
      {HOURS_DAYS.map((day) => {
        const value = formik.values.hours[day];
        const open = value !== null && value !== undefined;
        return (
          <div className="ts-hours-row" key={day}>
            <Switch
              checked={open}
              aria-label={`Open on ${DAY_NAMES[day]}`}
              onChange={(checked) => void formik.setFieldValue(`hours.${day}`, checked ? DEFAULT_HOURS : null)}
            />
            <span className="ts-hours-day">{DAY_NAMES[day]}</span>
            {open ? (
              <Input
                aria-label={`${DAY_NAMES[day]} hours`}
                style={{ maxWidth: 260 }}
                value={value}
                onChange={(event) => void formik.setFieldValue(`hours.${day}`, event.target.value)}
              />
            ) : (
              <Typography.Text type="secondary">Closed</Typography.Text>
            )}
          </div>
        );
      })}

      {featured ? (
        <>
          <Typography.Title level={3} style={{ fontSize: 18 }}>
            Featured details
          </Typography.Title>
          <Row gutter={16}>
            {SOCIAL_KEYS.map((key) => (
              <Col xs={24} md={12} key={key}>
                {text(key, key.charAt(0).toUpperCase() + key.slice(1), { placeholder: 'https://' })}
              </Col>
            ))}
            <Col xs={24} md={12}>
              {text('videoURL', 'Video link (YouTube or Vimeo)', { placeholder: 'https://www.youtube.com/watch?v=' })}
            </Col>
          </Row>
          <Form.Item label="Image" help={imageError ?? undefined} validateStatus={imageError ? 'error' : undefined}>
            <Upload
              accept=".jpg,.jpeg,.png"
              maxCount={1}
              beforeUpload={(file) => {
                if (!IMAGE_TYPES.includes(file.type)) setImageError(UPLOAD_MESSAGES.wrongType);
                else if (file.size > MAX_IMAGE_BYTES) setImageError(UPLOAD_MESSAGES.tooLarge);
                else {
                  setImageError(null);
                  setImage(file);
                }
                return false;
              }}
              onRemove={() => setImage(null)}
              fileList={image ? [{ uid: 'image', name: image.name, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined />}>Choose image</Button>
            </Upload>
          </Form.Item>
        </>
      ) : null}

      {!entry ? (
        <FieldRow formik={formik} name="tos">
          <Checkbox id="tos" checked={formik.values.tos} onChange={(event) => void formik.setFieldValue('tos', event.target.checked)}>
            I agree to the{' '}
            <Link to="/page/terms-and-conditions" target="_blank">
              terms and conditions
            </Link>
          </Checkbox>
        </FieldRow>
      ) : null}
      <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
        {entry ? 'Save' : 'Submit'}
      </Button>
      {formik.submitCount > 0 && !formik.isValid ? (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8 }}>
          Please fix the fields marked above.
        </Typography.Paragraph>
      ) : null}
    </Form>
  );
}
