import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Descriptions,
  Form,
  Input,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Steps,
  Switch,
  Typography,
} from 'antd';
import { useFormik } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import * as yup from 'yup';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LISTING_ERROR_CODES, LISTING_MESSAGES } from '@trackside/contracts/catalogue/catalogue-messages';
import { serverError } from '../../lib/errors';
import { FieldRow } from '../../lib/forms/FieldRow';
import { notify } from '../../lib/notify';
import { useAuth } from '../auth/auth-context';
import { ImageUploader, type ImageGroupValue } from '../auctions/wizard/ImageUploader';
import { uploadImages } from '../auctions/wizard/upload-images';
import { useBrand } from '../brand';
import { PRICING_PACKAGES } from '../pricing/pricing.operations';
import { Breadcrumbs } from '../content/Breadcrumbs';
import { usePageTitle } from '../directory/DirectoryShared';
import { COUNTRY_STATE } from '../auctions/wizard/wizard.operations';
import { coverFirst, listingImageOrder, listingImagesFrom } from './listing-images';
import { FIELD_MESSAGES, fieldError, fromExtraDetails, toExtraDetails, visibleFields, type PropertyField } from './listing-fields';
import { canAddVideo, videoCountError, videoLinkError, videoLinks, videoRowsFrom, LISTING_VIDEO_MESSAGES } from './listing-videos';
import { LISTING_FOR_EDIT, LISTING_PACKAGE_VIDEO_LIMITS, UPDATE_LISTING, type EditableListing } from './listing-wizard.operations';
import { MakeField } from './MakeField';
import { CREATE_LISTING, LISTING_CATEGORIES } from './paddock.operations';
import { RichTextEditor } from './RichTextEditor';

export const WIZARD_STEPS = ['Category & Type', 'Basic Details', 'Additional Details', 'Media', 'Review'] as const;

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

function FieldInput({
  field,
  value,
  onChange,
  invalid,
}: {
  field: PropertyField;
  value: unknown;
  onChange: (value: unknown) => void;
  invalid: boolean;
}) {
  const common = { id: `extra-${field.name}`, disabled: field.disabled, placeholder: field.placeholder ?? undefined };
  switch (field.type) {
    case 'MAKE':
      return (
        <MakeField
          id={common.id}
          label={field.label}
          disabled={field.disabled}
          placeholder={common.placeholder}
          value={String(value ?? '')}
          onChange={onChange}
        />
      );
    case 'TEXT':
    case 'NUMBER':
    case 'FLOAT':
      return (
        <Input
          {...common}
          inputMode={field.type === 'TEXT' ? undefined : 'decimal'}
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
      return (
        <RichTextEditor
          id={common.id}
          label={field.label}
          disabled={field.disabled}
          invalid={invalid}
          value={String(value ?? '')}
          onChange={onChange}
        />
      );
    default:
      return <Typography.Text type="danger">{FIELD_MESSAGES.undefinedType}</Typography.Text>;
  }
}

const NEW_LISTING: Basic = {
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
};

function valuesOf(listing: EditableListing): Basic {
  return {
    category: listing.category,
    type: listing.type,
    packageId: listing.packageId,
    title: listing.title,
    description: listing.description,
    poa: listing.poa,
    price: listing.price === null ? '' : String(listing.price),
    currency: listing.currency,
    country: listing.address.country,
    state: listing.address.state ?? '',
    city: listing.address.city ?? '',
    sellerType: listing.sellerType,
    showBTCExchangeRate: listing.showBTCExchangeRate,
  };
}

/**
 * {base}/listing/{listingId}/edit (login required): the wizard prefilled with the owner's listing;
 * anyone else (or a listing they cannot see) gets 'Access denied...'. Saving calls updateListing.
 */
export function ListingEditPage({ base }: { base: string }) {
  const { listingId = '' } = useParams();
  const { user, loadingUser } = useAuth();
  const { w } = useBrand();
  usePageTitle(w('Edit listing'));
  const { data, loading, error } = useQuery(LISTING_FOR_EDIT, { variables: { id: listingId }, fetchPolicy: 'network-only' });
  if ((loading && !data) || (loadingUser && !user))
    return (
      <section className="ts-page ts-narrow">
        <Skeleton active />
      </section>
    );
  const listing = data?.listing ?? null;
  if (error || !listing || !user || listing.userId !== user.id)
    return <Result status="403" title={LISTING_MESSAGES.accessDenied} data-testid="listing-access-denied" />;
  return <ListingWizard base={base} listing={listing} />;
}

/**
 * The listing wizard (spec 002 section 2): Category & Type, Basic Details, Additional Details (the
 * category's property fields with their messages: MAKE autocomplete with Other, RICH_TEXT editor),
 * Media (jpg/png, 5 Mb, the package's image limit, reordered by drag, the first image is the cover;
 * YouTube or Vimeo links up to the package's videoLimit, hidden when it is 0), Review. A refused video
 * or image list brings the wizard back to Media with the service's message beside the field. Submit uploads the new images and creates the listing (pending until staff approve it) or,
 * with `listing`, updates it; the package's limit answers 'You have reached the listing limit of your package.'
 */
export function ListingWizard({ base, listing }: { base: string; listing?: EditableListing }) {
  const { config, w } = useBrand();
  const editing = listing !== undefined;
  usePageTitle(w(editing ? 'Edit listing' : 'Create a listing'));
  const navigate = useNavigate();
  // A package chosen on the pricing page (?package=) comes preselected on a new listing.
  const [searchParams] = useSearchParams();
  const requestedPackage = editing ? null : searchParams.get('package');
  const [step, setStep] = useState(0);
  const [extra, setExtra] = useState<Record<string, unknown>>(() => ({ ...(listing?.extraDetails ?? {}) }));
  const [extraTouched, setExtraTouched] = useState(false);
  const [images, setImages] = useState<ImageGroupValue>(() => listingImagesFrom(listing?.images ?? []));
  const [imageError, setImageError] = useState<string | null>(null);
  // Video link rows (blank ones are dropped on save); per-row messages show once a row is left or Next is pressed.
  const [videos, setVideos] = useState<string[]>(() => videoRowsFrom(listing?.videos));
  const [videoTouched, setVideoTouched] = useState<boolean[]>([]);
  const [videosChecked, setVideosChecked] = useState(false);
  const [videoError, setVideoError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { data: categories } = useQuery(LISTING_CATEGORIES);
  const { data: packages } = useQuery(PRICING_PACKAGES, { variables: { type: 'LISTING', brand: config.brand } });
  const { data: videoLimits } = useQuery(LISTING_PACKAGE_VIDEO_LIMITS, { variables: { type: 'LISTING', brand: config.brand } });
  const countryQuery = useQuery(COUNTRY_STATE);
  const [createListing] = useMutation(CREATE_LISTING);
  const [updateListing] = useMutation(UPDATE_LISTING);
  const formik = useFormik<Basic>({
    initialValues: listing ? valuesOf(listing) : { ...NEW_LISTING, packageId: requestedPackage ?? '' },
    validationSchema: basicSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        // New files upload first; the saved order (cover first) mixes them with the kept images.
        const uploaded = await uploadImages(
          images.images.flatMap((image) => (image.file ? [image.file] : [])),
          config.brand,
        );
        const content = {
          category: values.category,
          type: values.type,
          title: values.title.trim(),
          description: values.description.trim(),
          poa: Boolean(values.poa),
          price: values.poa ? null : Number((values.price ?? '').replace(/[,$\s]/g, '')),
          currency: values.currency,
          address: { country: values.country, state: values.state || null, city: values.city || null },
          sellerType: values.sellerType,
          showBTCExchangeRate: Boolean(values.showBTCExchangeRate),
          images: listingImageOrder(images.images, uploaded),
          videos: videoLinks(videos),
          extraDetails: toExtraDetails(fields, extra),
        };
        if (listing) {
          const { data } = await updateListing({ variables: { id: listing.id, data: content } });
          const saved = data?.updateListing.listing;
          if (saved) {
            notify('success', 'Your listing has been updated.');
            void navigate(`${base}/${saved.category}/${saved.type}/${saved.slug}`);
          }
          return;
        }
        const { data } = await createListing({ variables: { data: { ...content, packageId: values.packageId } } });
        const created = data?.createListing.listing;
        if (created) {
          notify('success', 'Your listing has been submitted for review.');
          // A paid package: the listing waits UNPAID until paid at its checkout (docs/decisions.md "Paid listing packages").
          const chosen = packages?.pricingPackages.find((entry) => entry.id === values.packageId);
          const paid =
            chosen && !chosen.isFree && (chosen.oneTimePayment.enabled || chosen.monthlyPayment.enabled || chosen.yearlyPayment.enabled);
          void navigate(paid ? `${base}/checkout?listing=${created.id}` : '/dashboard/listings');
        }
      } catch (error) {
        const refusal = serverError(error);
        setFailure(refusal.message);
        // A refused video or image list: back to Media with the message beside the field (nothing typed is lost).
        if (refusal.code === LISTING_ERROR_CODES.videos) {
          setVideoError(refusal.message);
          setStep(3);
        } else if (refusal.code === LISTING_ERROR_CODES.images) {
          setImageError(refusal.message);
          setStep(3);
        }
      }
    },
  });
  const category = categories?.listingCategories.find((entry) => entry.slug === formik.values.category);
  const fields = useMemo(() => visibleFields(category?.fields ?? []), [category]);
  const pkg = packages?.pricingPackages.find((entry) => entry.id === formik.values.packageId);
  // A requested package that is not one of the brand's listing packages is dropped once they load.
  useEffect(() => {
    if (!editing && packages && formik.values.packageId && !pkg) void formik.setFieldValue('packageId', '');
  }, [packages, editing, formik.values.packageId, pkg]);
  const imageLimit = pkg?.imageLimit ?? 5;
  const videoLimit = videoLimits?.pricingPackages.find((entry) => entry.id === formik.values.packageId)?.videoLimit ?? 0;
  const videoRowErrors = videos.map(videoLinkError);
  const videoMessage = videoError ?? (videosChecked ? videoCountError(videos, videoLimit) : null);
  const setVideoRow = (index: number, value: string) => {
    setVideoError(null);
    setVideos((current) => current.map((row, at) => (at === index ? value : row)));
  };
  const removeVideoRow = (index: number) => {
    setVideoError(null);
    setVideos((current) => current.filter((_, at) => at !== index));
    setVideoTouched((current) => current.filter((_, at) => at !== index));
  };
  const addVideoRow = () => {
    if (!canAddVideo(videos, videoLimit)) {
      setVideoError(LISTING_VIDEO_MESSAGES.tooMany(videoLimit));
      return;
    }
    setVideoError(null);
    setVideos((current) => [...current, '']);
  };

  const extraErrors = Object.fromEntries(fields.map((field) => [field.name, fieldError(field, extra[field.name])]));
  const next = async () => {
    if (step <= 1) {
      const errors = await formik.validateForm();
      const names = STEP_FIELDS[step]!;
      void formik.setTouched({ ...formik.touched, ...Object.fromEntries(names.map((name) => [name, true])) });
      if (names.some((name) => errors[name])) return;
      if (step === 0 && category) setExtra((current) => fromExtraDetails(category.fields, current));
    }
    if (step === 2) {
      setExtraTouched(true);
      if (Object.values(extraErrors).some(Boolean)) return;
    }
    if (step === 3) {
      setVideosChecked(true);
      const videoProblem = videoCountError(videos, videoLimit) ?? (videoRowErrors.some(Boolean) ? 'invalid' : null);
      if (images.images.length === 0) {
        setImageError(LISTING_MESSAGES.imageRequired);
        return;
      }
      if (videoProblem) return;
    }
    setStep(step + 1);
  };
  const countries = countryQuery.data?.countryState ?? [];
  const states = countries.find((country) => country.name === formik.values.country)?.states ?? [];
  const select = (
    name: keyof Basic,
    label: string,
    options: Array<{ value: string; label: string }>,
    onPick?: (value: string) => void,
    disabled?: boolean,
  ) => (
    <FieldRow formik={formik} name={name} label={label}>
      <Select
        id={name}
        aria-label={label}
        disabled={disabled}
        // Long lists (countries, states) can be searched by typing; every option stays in the page.
        showSearch={options.length > 10}
        optionFilterProp="label"
        virtual={false}
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
      <Typography.Title>{w(editing ? 'Edit listing' : 'Create a listing')}</Typography.Title>
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
              undefined,
              editing,
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
              {countryQuery.error && countries.length === 0 ? (
                // The list could not load: the country is typed rather than blocking the form.
                <FieldRow formik={formik} name="country" label="Country">
                  <Input id="country" {...formik.getFieldProps('country')} />
                </FieldRow>
              ) : (
                select(
                  'country',
                  'Country',
                  countries.map((country) => ({ value: country.name, label: country.name })),
                  () => void formik.setFieldValue('state', ''),
                )
              )}
            </Col>
            <Col xs={24} md={8}>
              {/* A state list when the country has states, else free text (as the directory form and the auction wizard). */}
              {states.length > 0 ? (
                select(
                  'state',
                  'State',
                  states.map((state) => ({ value: state.name, label: state.name })),
                )
              ) : (
                <FieldRow formik={formik} name="state" label="State">
                  <Input id="state" {...formik.getFieldProps('state')} />
                </FieldRow>
              )}
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
                    invalid={Boolean(message)}
                    value={extra[field.name]}
                    onChange={(value) => setExtra((current) => ({ ...current, [field.name]: value }))}
                  />
                </Form.Item>
              );
            })
          )
        ) : null}
        {step === 3 ? (
          <>
            <Typography.Paragraph type="secondary">
              Drag the images into the order you want: the first image is the cover. At most {imageLimit} images, .jpg, .jpeg or .png, 5 Mb
              each.
            </Typography.Paragraph>
            <ImageUploader
              label={w('Vehicle')}
              fallback={config.theme.defaultImage}
              limit={imageLimit}
              value={images}
              showCover
              error={imageError ?? undefined}
              onChange={(next) => {
                setImageError(null);
                setImages(coverFirst(images, next));
              }}
            />
            {videoLimit > 0 || videos.length > 0 ? (
              <div className="ts-listing-videos" data-testid="listing-videos">
                <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
                  Videos
                </Typography.Title>
                <Typography.Paragraph type="secondary">
                  YouTube or Vimeo links, at most {videoLimit} {videoLimit === 1 ? 'video' : 'videos'}.
                </Typography.Paragraph>
                {videos.map((row, index) => {
                  const message = videoTouched[index] || videosChecked ? videoRowErrors[index] : null;
                  return (
                    <Form.Item
                      key={index}
                      label={`Video link ${index + 1}`}
                      htmlFor={`video-${index}`}
                      validateStatus={message ? 'error' : undefined}
                      help={message ?? undefined}
                    >
                      <Space.Compact style={{ width: '100%' }}>
                        <Input
                          id={`video-${index}`}
                          inputMode="url"
                          placeholder="https://www.youtube.com/watch?v="
                          value={row}
                          onChange={(event) => setVideoRow(index, event.target.value)}
                          onBlur={() =>
                            setVideoTouched((current) => {
                              const next = [...current];
                              next[index] = true;
                              return next;
                            })
                          }
                        />
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={`Remove video link ${index + 1}`}
                          onClick={() => removeVideoRow(index)}
                        />
                      </Space.Compact>
                    </Form.Item>
                  );
                })}
                {videoMessage ? (
                  <Typography.Paragraph type="danger" role="alert" data-testid="listing-videos-error">
                    {videoMessage}
                  </Typography.Paragraph>
                ) : null}
                <Button icon={<PlusOutlined />} onClick={addVideoRow}>
                  Add video link
                </Button>
              </div>
            ) : null}
          </>
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
            <Descriptions.Item label="Images">{images.images.length}</Descriptions.Item>
            {videoLinks(videos).length > 0 ? (
              <Descriptions.Item label="Videos">
                <ul className="ts-review-videos" style={{ margin: 0, paddingLeft: 18 }}>
                  {videoLinks(videos).map((link, index) => (
                    <li key={`${index}-${link}`}>{link}</li>
                  ))}
                </ul>
              </Descriptions.Item>
            ) : null}
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
