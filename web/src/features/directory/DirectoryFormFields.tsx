import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Button, Checkbox, Col, Form, Input, Row, Select, Switch, Typography, Upload } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { FieldRow } from '../../lib/forms/FieldRow';
import { COUNTRY_STATE } from '../auctions/wizard/wizard.operations';
import { SOCIAL_KEYS, type DirectoryFormValues } from './directory-form';
import { DAY_NAMES, DEFAULT_HOURS, DIRECTORY_CATEGORIES, HOURS_DAYS, categoryLabel, keywordLimit } from './directory-rules';
import type { DirectoryFormik, DirectoryImageChoice } from './use-directory-form';

/** A text field with its message beside it. */
function textField(formik: DirectoryFormik, name: keyof DirectoryFormValues & string, label: string, extra: Record<string, unknown> = {}) {
  return (
    <FieldRow formik={formik} name={name} label={label}>
      <Input id={name} {...formik.getFieldProps(name)} {...extra} />
    </FieldRow>
  );
}

/** Name, category, website, phone, email and keywords (columns of the form's first row). */
export function DirectoryContactFields({ formik, featured }: { formik: DirectoryFormik; featured: boolean }) {
  return (
    <>
      <Col xs={24} md={12}>
        {textField(formik, 'name', 'Name')}
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
        {textField(formik, 'website', 'Website', { placeholder: 'https://' })}
      </Col>
      <Col xs={24} md={8}>
        {textField(formik, 'phone', 'Phone', { inputMode: 'tel' })}
      </Col>
      <Col xs={24} md={8}>
        {textField(formik, 'email', 'Email', { inputMode: 'email' })}
      </Col>
      <Col xs={24}>{textField(formik, 'keywords', `Keywords (comma separated, at most ${keywordLimit(featured)})`)}</Col>
    </>
  );
}

/**
 * Country, state, city, postal code and street (columns of the form's first row). Countries and their states
 * come from the catalogue (countryState, spec 002); the entry stores the names.
 */
export function DirectoryAddressFields({ formik }: { formik: DirectoryFormik }) {
  const countryQuery = useQuery(COUNTRY_STATE);
  const countries = useMemo(() => countryQuery.data?.countryState ?? [], [countryQuery.data]);
  // A state list when the country has states, else free text (as the auction wizard).
  const states = countries.find((country) => country.name === formik.values.addressCountry)?.states.map((state) => state.name) ?? [];
  return (
    <>
      <Col xs={24} md={12}>
        {countryQuery.error && countries.length === 0 ? (
          // The list could not load: the country is typed rather than blocking the form.
          textField(formik, 'addressCountry', 'Country')
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
          textField(formik, 'addressState', 'State')
        )}
      </Col>
      <Col xs={24} md={12}>
        {textField(formik, 'addressCity', 'City')}
      </Col>
      <Col xs={24} md={12}>
        {textField(formik, 'addressPostal', 'Postal code')}
      </Col>
      <Col xs={24} md={12}>
        {textField(formik, 'addressStreet1', 'Street address')}
      </Col>
      <Col xs={24} md={12}>
        {textField(formik, 'addressStreet2', 'Street address 2')}
      </Col>
    </>
  );
}

/** The hours of operation: a switch per day, with the day's hours when open. */
export function DirectoryHoursFields({ formik }: { formik: DirectoryFormik }) {
  return (
    <>
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
    </>
  );
}

/** A featured plan's social links, video link and image. */
export function DirectoryFeaturedFields({ formik, image }: { formik: DirectoryFormik; image: DirectoryImageChoice }) {
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 18 }}>
        Featured details
      </Typography.Title>
      <Row gutter={16}>
        {SOCIAL_KEYS.map((key) => (
          <Col xs={24} md={12} key={key}>
            {textField(formik, key, key.charAt(0).toUpperCase() + key.slice(1), { placeholder: 'https://' })}
          </Col>
        ))}
        <Col xs={24} md={12}>
          {textField(formik, 'videoURL', 'Video link (YouTube or Vimeo)', { placeholder: 'https://www.youtube.com/watch?v=' })}
        </Col>
      </Row>
      <Form.Item label="Image" help={image.error ?? undefined} validateStatus={image.error ? 'error' : undefined}>
        <Upload
          accept=".jpg,.jpeg,.png"
          maxCount={1}
          beforeUpload={(file) => {
            image.choose(file);
            return false;
          }}
          onRemove={image.remove}
          fileList={image.file ? [{ uid: 'image', name: image.file.name, status: 'done' }] : []}
        >
          <Button icon={<UploadOutlined />}>Choose image</Button>
        </Upload>
      </Form.Item>
    </>
  );
}

/** The terms and conditions box of a new entry. */
export function DirectoryTosField({ formik }: { formik: DirectoryFormik }) {
  return (
    <FieldRow formik={formik} name="tos">
      <Checkbox id="tos" checked={formik.values.tos} onChange={(event) => void formik.setFieldValue('tos', event.target.checked)}>
        I agree to the{' '}
        <Link to="/page/terms-and-conditions" target="_blank">
          terms and conditions
        </Link>
      </Checkbox>
    </FieldRow>
  );
}
