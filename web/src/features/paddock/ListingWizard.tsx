import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Checkbox, Col, Descriptions, Form, Input, Row, Select, Space, Steps, Switch, Typography, Upload } from 'antd';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import * as yup from 'yup';
import { LISTING_MESSAGES } from '@trackside/contracts/catalogue/catalogue-messages';
import { serverError } from '../../lib/errors';
import { FieldRow } from '../../lib/forms/FieldRow';
import { notify } from '../../lib/notify';
import { uploadImages } from '../auctions/wizard/upload-images';
import { useBrand } from '../brand';
import { PRICING_PACKAGES } from '../directory/directory.operations';
import { Breadcrumbs } from '../content/Breadcrumbs';
import { usePageTitle } from '../directory/DirectoryShared';
import { COUNTRIES } from '../directory/countries';
import { FIELD_MESSAGES, defaultValueOf, fieldError, toExtraDetails, visibleFields, type PropertyField } from './listing-fields';
import { CREATE_LISTING, LISTING_CATEGORIES } from './paddock.operations';

export const WIZARD_STEPS = ['Category & Type', 'Basic Details', 'Additional Details', 'Media', 'Review'] as const;
const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const MAX_IMAGE_BYTES = 5_242_880;

const basicSchema = yup.object({
  category: yup.string().required('Required'),
  type: yup.string().required('Required'),
  packageId: yup.string().required('Required'),
  title: yup.string().trim().required('Required'),
  description: yup.string().trim().required('Required'),
  poa: yup.boolean(),
  price: yup.string().when('poa', {
    is: true,
    then: (schema) => schema,
    otherwise: (schema) =>
      schema
        .required('Required')
        .test('price', 'Please enter a valid price', (value) => /^\d{1,10}(\.\d{1,2})?$/.test((value ?? '').replace(/[,$\s]/g, ''))),
  }),
  currency: yup.string().required('Required'),
  country: yup.string().required('Required'),
  state: yup.string(),
  city: yup.string(),
  sellerType: yup.string().required('Required'),
  showBTCExchangeRate: yup.boolean(),
});

type Basic = yup.InferType<typeof basicSchema>;
const STEP_FIELDS: Array<Array<keyof Basic>> = [
  ['category', 'type', 'packageId'],
  ['title', 'description', 'price', 'currency', 'country', 'sellerType'],
];

function FieldInput({ field, value, onChange }: { field: PropertyField; value: unknown; onChange: (value: unknown) => void }) {
  const common = { id: `extra-${field.name}`, disabled: field.disabled, placeholder: field.placeholder ?? undefined };
  switch (field.type) {
    case 'TEXT':
    case 'MAKE':
    case 'NUMBER':
    case 'FLOAT':
      return (
        <Input
          {...common}
          inputMode={field.type === 'TEXT' || field.type === 'MAKE' ? undefined : 'decimal'}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'PRICE':
      return <Input {...common} prefix="$" inputMode="decimal" value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />;
    case 'SELECT':
      return (
        <Select
          {...common}
          aria-label={field.label}
          placeholder={FIELD_MESSAGES.selectPlaceholder}
          value={(value as string) || undefined}
          options={field.options.map((option) => ({ value: option.name, label: option.name }))}
          onChange={onChange}
          allowClear
        />
      );
    case 'BOOLEAN':
      return <Switch id={common.id} aria-label={field.label} disabled={field.disabled} checked={Boolean(value)} onChange={onChange} />;
    case 'RICH_TEXT':
      return <Input.TextArea {...common} rows={4} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />;
    default:
      return <Typography.Text type="danger">{FIELD_MESSAGES.undefinedType}</Typography.Text>;
  }
}

/**
 * The listing wizard (spec 002 section 2): Category & Type, Basic Details, Additional Details (the
 * category's property fields with their messages), Media (jpg/png, 5 Mb, the package's image limit,
 * the first image is the cover), Review. Submit uploads the images and creates the listing
 * (pending until staff approve it); the package's limit answers 'You have reached the listing limit of your package.'
 */
export function ListingWizard({ base }: { base: string }) {
  const { config, w } = useBrand();
  usePageTitle(w('Create a listing'));
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [extra, setExtra] = useState<Record<string, unknown>>({});
  const [extraTouched, setExtraTouched] = useState(false);
  const [images, setImages] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { data: categories } = useQuery(LISTING_CATEGORIES);
  const { data: packages } = useQuery(PRICING_PACKAGES, { variables: { type: 'LISTING', brand: config.brand } });
  const [createListing] = useMutation(CREATE_LISTING);
  const formik = useFormik<Basic>({
    initialValues: {
      category: '',
      type: '',
      packageId: '',
      title: '',
      description: '',
      poa: false,
      price: '',
      currency: 'USD',
      country: 'United States',
      state: '',
      city: '',
      sellerType: 'PERSONAL',
      showBTCExchangeRate: false,
    },
    validationSchema: basicSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        const ids = await uploadImages(images, config.brand);
        const { data } = await createListing({
          variables: {
            data: {
              category: values.category,
              type: values.type,
              packageId: values.packageId,
              title: values.title.trim(),
              description: values.description.trim(),
              poa: Boolean(values.poa),
              price: values.poa ? null : Number((values.price ?? '').replace(/[,$\s]/g, '')),
              currency: values.currency,
              address: { country: values.country, state: values.state || null, city: values.city || null },
              sellerType: values.sellerType,
              showBTCExchangeRate: Boolean(values.showBTCExchangeRate),
              images: ids,
              extraDetails: toExtraDetails(fields, extra),
            },
          },
        });
        if (data?.createListing.listing) {
          notify('success', 'Your listing has been submitted for review.');
          void navigate('/dashboard/listings');
        }
      } catch (error) {
        setFailure(serverError(error).message);
      }
    },
  });
  const category = categories?.listingCategories.find((entry) => entry.slug === formik.values.category);
  const fields = useMemo(() => visibleFields(category?.fields ?? []), [category]);
  const pkg = packages?.pricingPackages.find((entry) => entry.id === formik.values.packageId);
  const imageLimit = pkg?.imageLimit ?? 5;

  const extraErrors = Object.fromEntries(fields.map((field) => [field.name, fieldError(field, extra[field.name])]));
  const next = async () => {
    if (step <= 1) {
      const errors = await formik.validateForm();
      const names = STEP_FIELDS[step]!;
      void formik.setTouched({ ...formik.touched, ...Object.fromEntries(names.map((name) => [name, true])) });
      if (names.some((name) => errors[name])) return;
      if (step === 0 && category)
        setExtra((current) =>
          Object.fromEntries(visibleFields(category.fields).map((field) => [field.name, current[field.name] ?? defaultValueOf(field)])),
        );
    }
    if (step === 2) {
      setExtraTouched(true);
      if (Object.values(extraErrors).some(Boolean)) return;
    }
    if (step === 3) {
      if (images.length === 0) {
        setImageError(LISTING_MESSAGES.imageRequired);
        return;
      }
    }
    setStep(step + 1);
  };
  const select = (name: keyof Basic, label: string, options: Array<{ value: string; label: string }>, onPick?: (value: string) => void) => (
    <FieldRow formik={formik} name={name} label={label}>
      <Select
        id={name}
        aria-label={label}
        value={(formik.values[name] as string) || undefined}
        options={options}
        onChange={(value: string) => {
          void formik.setFieldValue(name, value);
          onPick?.(value);
        }}
        onBlur={() => void formik.setFieldTouched(name, true)}
      />
    </FieldRow>
  );
  return (
    <section className="ts-page ts-narrow">
      <Breadcrumbs />
      <Typography.Title>{w('Create a listing')}</Typography.Title>
      <Steps current={step} size="small" items={WIZARD_STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} responsive />
      {failure ? <Alert type="error" showIcon role="alert" title={failure} className="ts-form-notice" /> : null}
      <Form layout="vertical" noValidate onFinish={() => undefined} data-testid="listing-wizard">
        {step === 0 ? (
          <>
            {select(
              'category',
              'Category',
              (categories?.listingCategories ?? []).map((entry) => ({ value: entry.slug, label: entry.name })),
              () => void formik.setFieldValue('type', ''),
            )}
            {select(
              'type',
              'Type',
              (category?.types ?? []).map((entry) => ({ value: entry.slug, label: entry.name })),
            )}
            {select(
              'packageId',
              'Package',
              (packages?.pricingPackages ?? []).map((entry) => ({ value: entry.id, label: `${entry.title} (${entry.priceLabel})` })),
            )}
          </>
        ) : null}
        {step === 1 ? (
          <Row gutter={16}>
            <Col xs={24}>
              <FieldRow formik={formik} name="title" label="Title">
                <Input id="title" {...formik.getFieldProps('title')} />
              </FieldRow>
            </Col>
            <Col xs={24}>
              <FieldRow formik={formik} name="description" label="Description">
                <Input.TextArea id="description" rows={4} {...formik.getFieldProps('description')} />
              </FieldRow>
            </Col>
            <Col xs={24} md={12}>
              <FieldRow formik={formik} name="price" label="Price">
                <Input id="price" prefix="$" inputMode="decimal" disabled={Boolean(formik.values.poa)} {...formik.getFieldProps('price')} />
              </FieldRow>
              <Checkbox
                id="poa"
                checked={Boolean(formik.values.poa)}
                onChange={(event) => void formik.setFieldValue('poa', event.target.checked)}
              >
                Price on asking (POA)
              </Checkbox>
            </Col>
            <Col xs={24} md={12}>
              {select(
                'currency',
                'Currency',
                ['USD', 'CAD', 'GBP', 'EUR', 'AUD'].map((value) => ({ value, label: value })),
              )}
            </Col>
            <Col xs={24} md={8}>
              {select(
                'country',
                'Country',
                COUNTRIES.map((country) => ({ value: country.name, label: country.name })),
              )}
            </Col>
            <Col xs={24} md={8}>
              <FieldRow formik={formik} name="state" label="State">
                <Input id="state" {...formik.getFieldProps('state')} />
              </FieldRow>
            </Col>
            <Col xs={24} md={8}>
              <FieldRow formik={formik} name="city" label="City">
                <Input id="city" {...formik.getFieldProps('city')} />
              </FieldRow>
            </Col>
            <Col xs={24} md={12}>
              {select('sellerType', 'Seller type', [
                { value: 'PERSONAL', label: 'Private seller' },
                { value: 'DEALER', label: 'Dealer' },
              ])}
            </Col>
            <Col xs={24} md={12}>
              <Checkbox
                id="showBTCExchangeRate"
                checked={Boolean(formik.values.showBTCExchangeRate)}
                onChange={(event) => void formik.setFieldValue('showBTCExchangeRate', event.target.checked)}
              >
                Show the Bitcoin guideline price
              </Checkbox>
            </Col>
          </Row>
        ) : null}
        {step === 2 ? (
          fields.length === 0 ? (
            <Typography.Paragraph>No additional details for this category.</Typography.Paragraph>
          ) : (
            fields.map((field) => {
              const message = extraTouched ? extraErrors[field.name] : null;
              return (
                <Form.Item
                  key={field.id}
                  label={field.label}
                  htmlFor={`extra-${field.name}`}
                  tooltip={field.tooltip ?? undefined}
                  validateStatus={message ? 'error' : undefined}
                  help={message ?? undefined}
                >
                  <FieldInput
                    field={field}
                    value={extra[field.name]}
                    onChange={(value) => setExtra((current) => ({ ...current, [field.name]: value }))}
                  />
                </Form.Item>
              );
            })
          )
        ) : null}
        {step === 3 ? (
          <Form.Item
            label={`Images (the first is the cover, at most ${imageLimit})`}
            help={imageError ?? undefined}
            validateStatus={imageError ? 'error' : undefined}
          >
            <Upload
              accept=".jpg,.jpeg,.png"
              multiple
              fileList={images.map((file, index) => ({
                uid: `${index}-${file.name}`,
                name: index === 0 ? `${file.name} (cover)` : file.name,
                status: 'done',
              }))}
              beforeUpload={(file) => {
                if (!IMAGE_TYPES.includes(file.type)) setImageError('Only .jpg, .jpeg and .png images');
                else if (file.size > MAX_IMAGE_BYTES) setImageError('Image size cannot exceed 5 Mb.');
                else
                  setImages((current) => {
                    if (current.length >= imageLimit) {
                      setImageError(LISTING_MESSAGES.tooManyImages(imageLimit));
                      return current;
                    }
                    setImageError(null);
                    return [...current, file];
                  });
                return false;
              }}
              onRemove={(removed) => setImages((current) => current.filter((file, index) => `${index}-${file.name}` !== removed.uid))}
            >
              <Button icon={<UploadOutlined />}>Add images</Button>
            </Upload>
          </Form.Item>
        ) : null}
        {step === 4 ? (
          <Descriptions column={1} bordered size="small" data-testid="listing-review">
            <Descriptions.Item label="Category">{category?.name}</Descriptions.Item>
            <Descriptions.Item label="Type">{category?.types.find((entry) => entry.slug === formik.values.type)?.name}</Descriptions.Item>
            <Descriptions.Item label="Package">{pkg?.title}</Descriptions.Item>
            <Descriptions.Item label="Title">{formik.values.title}</Descriptions.Item>
            <Descriptions.Item label="Price">
              {formik.values.poa ? 'POA' : `${formik.values.currency} ${formik.values.price}`}
            </Descriptions.Item>
            <Descriptions.Item label="Location">
              {[formik.values.city, formik.values.state, formik.values.country].filter(Boolean).join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label="Images">{images.length}</Descriptions.Item>
          </Descriptions>
        ) : null}
        <Space style={{ marginTop: 24 }}>
          <Button onClick={() => void navigate(base)}>Cancel</Button>
          {step > 0 ? <Button onClick={() => setStep(step - 1)}>Back</Button> : null}
          {step < WIZARD_STEPS.length - 1 ? (
            <Button type="primary" onClick={() => void next()}>
              Next
            </Button>
          ) : (
            <Button type="primary" loading={formik.isSubmitting} onClick={() => void formik.submitForm()}>
              Submit
            </Button>
          )}
        </Space>
      </Form>
    </section>
  );
}
