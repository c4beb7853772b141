import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Result, Select, Space, Spin, Steps, Typography } from 'antd';
import { useFormik, type FormikErrors } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { serverError } from '../../../lib/errors';
import { FieldRow } from '../../../lib/forms/FieldRow';
import { formatMoney } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/auth-context';
import { useBrand } from '../../brand';
import { PaymentDialog } from '../bidding/PaymentDialog';
import { savedImages } from '../media';
import { ImageUploader, type ImageGroupValue, type WizardImage } from './ImageUploader';
import { uploadImages } from './upload-images';
import {
  AUCTION_FOR_EDIT,
  AUCTION_PACKAGES,
  AUCTION_PROPERTIES,
  COUNTRY_STATE,
  CREATE_AUCTION,
  UPDATE_AUCTION,
  type AuctionProperty,
  type EditableAuction,
} from './wizard.operations';
import {
  basicSchema,
  IMAGE_GROUPS,
  IMAGE_LIMIT,
  packageCharge,
  SNAPPR_IMAGE_LIMIT,
  SUBMIT_LOCK_MS,
  submissionSchema,
  WIZARD_MESSAGES,
  type ImageGroup,
} from './wizard-rules';

const STEPS = ['Basic Details', 'Additional Details', 'Media', 'Submission'] as const;
const SELLER_TYPES = ['Private', 'Dealer'];
const CURRENCIES = ['USD'];
/** Used while the catalogue's countryState list is unavailable. */
const FALLBACK_COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'DE', label: 'Germany' },
  { value: 'IT', label: 'Italy' },
  { value: 'FR', label: 'France' },
  { value: 'JP', label: 'Japan' },
  { value: 'AU', label: 'Australia' },
];
const GROUP_LABELS: Record<ImageGroup, string> = {
  exterior: 'Exterior',
  interior: 'Interior',
  mechanical: 'Mechanical',
  documents: 'Documents',
};

export interface WizardValues {
  title: string;
  sellerType: string;
  reserve: number | null;
  currency: string;
  country: string;
  state: string;
  city: string;
  userDescription: string;
  dataFields: Record<string, string>;
  serviceSnappr: boolean;
  images: Record<ImageGroup, ImageGroupValue>;
  packageId: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  hasAgreedToTerms: boolean;
}

const emptyGroup = (): ImageGroupValue => ({ images: [], cover: 0 });

function initialValues(
  lot: EditableAuction | null,
  user: { firstName: string | null; lastName: string | null; email: string | null; phone: string | null } | null,
  fallback: string,
  requestedPackage: string | null = null,
): WizardValues {
  // Saved images show their stored thumbnail (resolved with the lot), or the default image when the file is missing.
  const saved = (ids: string[], files: EditableAuction['exteriorFiles'], cover: string | null): ImageGroupValue => ({
    images: savedImages(ids, files, fallback).map((image): WizardImage => ({ key: image.id, ...image })),
    cover: Math.max(0, cover ? ids.indexOf(cover) : 0),
  });
  return {
    title: lot?.title ?? '',
    sellerType: lot?.sellerType ?? '',
    reserve: lot?.reserve ?? null,
    currency: lot?.currency ?? 'USD',
    country: lot?.address.country ?? '',
    state: lot?.address.state ?? '',
    city: lot?.address.city ?? '',
    userDescription: lot?.userDescription ?? '',
    dataFields: Object.fromEntries(
      Object.entries(lot?.dataFields ?? {}).map(([name, field]) => [name, field?.value == null ? '' : String(field.value)]),
    ),
    serviceSnappr: lot?.serviceSnappr ?? false,
    images: {
      exterior: lot ? saved(lot.exterior, lot.exteriorFiles, lot.coverImage) : emptyGroup(),
      interior: lot ? saved(lot.interior, lot.interiorFiles, null) : emptyGroup(),
      mechanical: lot ? saved(lot.mechanical, lot.mechanicalFiles, null) : emptyGroup(),
      documents: lot ? saved(lot.documents, lot.documentsFiles, null) : emptyGroup(),
    },
    packageId: lot?.packageId ?? requestedPackage ?? '',
    contactName: lot?.contactInfo.name ?? ([user?.firstName, user?.lastName].filter(Boolean).join(' ') || ''),
    contactEmail: lot?.contactInfo.email ?? user?.email ?? '',
    contactPhone: lot?.contactInfo.phone ?? user?.phone ?? '',
    hasAgreedToTerms: lot?.hasAgreedToTerms ?? false,
  };
}

function propertyErrors(values: WizardValues, properties: AuctionProperty[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const property of properties) {
    if (property.required && !values.dataFields[property.name]?.trim())
      errors[property.name] = `Please enter in the ${property.label.toLowerCase()}`;
  }
  return errors;
}

function mediaErrors(values: WizardValues): Partial<Record<ImageGroup, string>> {
  const groups: readonly ImageGroup[] = values.serviceSnappr ? ['exterior'] : IMAGE_GROUPS;
  const errors: Partial<Record<ImageGroup, string>> = {};
  for (const group of groups) if (values.images[group].images.length === 0) errors[group] = WIZARD_MESSAGES.imageRequired;
  return errors;
}

/**
 * The creation and edit wizard (spec 001 sections 2, 5, 7 and 8): Basic Details, Additional
 * Details, Media, Submission. Back on the first step reads Cancel, Next on the last reads Submit;
 * submitting locks the button for 10 s. The lot is created, its images uploaded in batches of 15,
 * then the lot is updated with the image ids and the cover.
 */
export function AuctionWizard({ auctionId }: { auctionId?: string }) {
  const mode = auctionId ? 'edit' : 'create';
  const { config, w } = useBrand();
  const { user, loadingUser } = useAuth();
  const navigate = useNavigate();
  const { search } = useLocation();
  const packages = useQuery(AUCTION_PACKAGES);
  const properties = useQuery(AUCTION_PROPERTIES);
  const countryQuery = useQuery(COUNTRY_STATE);
  const existing = useQuery(AUCTION_FOR_EDIT, { variables: { id: auctionId ?? '' }, skip: !auctionId });
  const [createAuction] = useMutation(CREATE_AUCTION);
  const [updateAuction] = useMutation(UPDATE_AUCTION);
  const [step, setStep] = useState(0);
  // Whether Next was pressed on this step: the dynamic property fields show their messages after it.
  const [attempted, setAttempted] = useState(false);
  const [locked, setLocked] = useState(false);
  const [progress, setProgress] = useState<{ status: 'working' | 'failed'; text: string } | null>(null);
  const [mediaProblems, setMediaProblems] = useState<Partial<Record<ImageGroup, string>>>({});
  const createdId = useRef<string | null>(null);
  // Images already saved on the lot: a retry after a cancelled package payment goes straight to payment.
  const imagesSaved = useRef(false);
  // The serviceSnappr the saved lot has: a retry that changed it saves again (the server prices Snappr from the lot).
  const savedSnappr = useRef<boolean | null>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const [paymentPending, setPaymentPending] = useState(false);
  const lot = existing.data?.auction ?? null;
  const propertyList = useMemo(
    () => [...(properties.data?.auctionPropertiesByBrand ?? [])].sort((a, b) => a.order - b.order),
    [properties.data],
  );
  const packageList = packages.data?.pricingPackages ?? [];
  const countries = useMemo(
    () =>
      countryQuery.data?.countryState.length
        ? countryQuery.data.countryState.map((country) => ({ value: country.iso2, label: country.name }))
        : FALLBACK_COUNTRIES,
    [countryQuery.data],
  );

  const formik = useFormik<WizardValues>({
    // A package chosen on the pricing page (?package=) comes preselected on a new lot.
    initialValues: initialValues(lot, user, config.theme.defaultImage, new URLSearchParams(search).get('package')),
    enableReinitialize: true,
    validateOnMount: false,
    validate: async (values) => {
      const errors: FormikErrors<WizardValues> = {};
      const schema = step === 0 ? basicSchema : step === 3 ? submissionSchema : null;
      if (schema) {
        try {
          await schema.validate(values, { abortEarly: false });
        } catch (failure) {
          for (const inner of (failure as { inner?: Array<{ path?: string; message: string }> }).inner ?? [])
            if (inner.path && !(inner.path in errors)) (errors as Record<string, string>)[inner.path] = inner.message;
        }
      }
      if (step === 1) {
        const problems = propertyErrors(values, propertyList);
        if (Object.keys(problems).length) errors.dataFields = problems;
      }
      return errors;
    },
    onSubmit: async (values) => {
      if (step === 2) {
        const problems = mediaErrors(values);
        setMediaProblems(problems);
        if (Object.keys(problems).length) return;
      }
      if (step < STEPS.length - 1) {
        setStep(step + 1);
        setAttempted(false);
        void formik.setTouched({}, false);
        window.scrollTo({ top: 0 });
        return;
      }
      await submit(values);
    },
  });
  const values = formik.values;
  const selectedPackage = packageList.find((pkg) => pkg.id === values.packageId) ?? null;
  // A requested package that is not one of the brand's auction packages is dropped once they load.
  useEffect(() => {
    if (!lot && packages.data && values.packageId && !selectedPackage) void formik.setFieldValue('packageId', '');
  }, [packages.data, lot, values.packageId, selectedPackage]);
  const snapprForced = Boolean(selectedPackage?.snappr.forceEnabled);
  const charge = selectedPackage ? packageCharge(selectedPackage, values.serviceSnappr) : null;
  useEffect(() => {
    if (snapprForced && !values.serviceSnappr) void formik.setFieldValue('serviceSnappr', true);
  }, [snapprForced]); // formik is stable enough here; only the package matters

  async function submit(form: WizardValues) {
    setLocked(true);
    window.setTimeout(() => setLocked(false), SUBMIT_LOCK_MS);
    setProgress({ status: 'working', text: WIZARD_MESSAGES.processing });
    const dataFields = Object.fromEntries(
      propertyList
        .filter((property) => form.dataFields[property.name]?.trim())
        .map((property) => [
          property.name,
          { label: property.label, value: form.dataFields[property.name]!.trim(), order: property.order, hidden: false },
        ]),
    );
    const details = {
      title: form.title.trim(),
      sellerType: form.sellerType,
      reserve: form.reserve ?? 0,
      currency: form.currency,
      userDescription: form.userDescription.trim(),
      dataFields,
      address: { country: form.country, state: form.state.trim() || null, city: form.city.trim() || null },
      contactInfo: { name: form.contactName.trim(), email: form.contactEmail.trim(), phone: form.contactPhone.trim() || null },
      hasAgreedToTerms: form.hasAgreedToTerms,
      serviceSnappr: form.serviceSnappr,
    };
    let id = auctionId ?? createdId.current;
    if (id && imagesSaved.current && mode === 'create' && savedSnappr.current === form.serviceSnappr) {
      setProgress(null);
      setPaying(id);
      return;
    }
    try {
      if (!id) {
        const created = await createAuction({
          variables: {
            data: {
              ...details,
              packageId: form.packageId,
              paymentType: needsPayment(form) ? 'ONE_TIME' : null,
              templateType: 'auction',
            },
          },
        });
        id = created.data?.createAuction.auction?.id ?? null;
        // A retry after an image failure updates this lot instead of creating a second one.
        createdId.current = id;
      } else {
        await updateAuction({ variables: { id, data: details } });
      }
      if (!id) throw new Error('no id');
    } catch (failure) {
      const { code, message } = serverError(failure);
      setProgress({ status: 'failed', text: code === 'auction.validation' ? message : WIZARD_MESSAGES.saveFailed });
      return;
    }
    try {
      const groups: readonly ImageGroup[] = form.serviceSnappr ? ['exterior'] : IMAGE_GROUPS;
      const ids: Record<ImageGroup, string[]> = { exterior: [], interior: [], mechanical: [], documents: [] };
      let coverImage: string | null = null;
      for (const group of groups) {
        const { images, cover } = form.images[group];
        const fresh = images.filter((image) => image.file).map((image) => image.file!);
        const uploaded = fresh.length ? await uploadImages(fresh, config.brand) : [];
        let next = 0;
        ids[group] = images.map((image) => image.id ?? uploaded[next++]!);
        if (group === 'exterior') coverImage = ids.exterior[cover] ?? ids.exterior[0] ?? null;
      }
      await updateAuction({ variables: { id, data: { ...ids, coverImage } } });
      imagesSaved.current = true;
      savedSnappr.current = form.serviceSnappr;
    } catch {
      setProgress({ status: 'failed', text: WIZARD_MESSAGES.imagesFailed });
      return;
    }
    setProgress(null);
    // A paid package is paid for before the auction counts as submitted (spec 001 section 2).
    if (mode === 'create' && needsPayment(form)) {
      setPaying(id);
      return;
    }
    finish();
  }

  /** A paid package, or a free one with the Snappr service, is paid for (the server prices it). */
  function needsPayment(form: WizardValues): boolean {
    return Boolean(selectedPackage && packageCharge(selectedPackage, form.serviceSnappr).totalCents > 0);
  }

  function finish() {
    notify('success', mode === 'create' ? 'Your auction has been submitted for review.' : 'Your auction has been updated.');
    const redirect = new URLSearchParams(search).get('successRedirect');
    void navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/');
  }

  if (auctionId && (existing.loading || (loadingUser && !user))) return <Spin size="large" />;
  if (auctionId && (existing.error || !lot || !user || lot.user.id !== user.id)) {
    return <Result status="403" title={WIZARD_MESSAGES.accessDenied} />;
  }

  // State is chosen from a list when the country has states, else typed (spec 001 section 5).
  const states = countryQuery.data?.countryState.find((country) => country.iso2 === values.country)?.states ?? [];
  const groupLimit = values.serviceSnappr ? SNAPPR_IMAGE_LIMIT : Math.min(IMAGE_LIMIT, selectedPackage?.imageLimit || IMAGE_LIMIT);
  const fieldError = (name: string) => (formik.errors.dataFields as Record<string, string> | undefined)?.[name];

  return (
    <section className="ts-wizard">
      <Typography.Title>{mode === 'create' ? 'Auction Creation' : 'Auction Edit (beta)'}</Typography.Title>
      <Steps current={step} items={STEPS.map((title) => ({ title }))} className="ts-wizard-steps" size="small" />
      <Form
        layout="vertical"
        onFinish={() => {
          setAttempted(true);
          formik.handleSubmit();
        }}
        noValidate
        className="ts-wizard-form"
      >
        {step === 0 ? (
          <>
            <FieldRow formik={formik} name="title" label="Title">
              <Input id="title" {...formik.getFieldProps('title')} />
            </FieldRow>
            <FieldRow formik={formik} name="sellerType" label="Seller type">
              <Select
                id="sellerType"
                value={values.sellerType || undefined}
                placeholder="Select a type"
                onChange={(value: string) => void formik.setFieldValue('sellerType', value)}
                options={SELLER_TYPES.map((type) => ({ value: type, label: type }))}
              />
            </FieldRow>
            <Space wrap align="start">
              <FieldRow formik={formik} name="reserve" label="Reserve (0 for no reserve)">
                <InputNumber<number>
                  id="reserve"
                  min={0}
                  max={999_999_999}
                  precision={2}
                  value={values.reserve}
                  onChange={(value) => void formik.setFieldValue('reserve', value)}
                  formatter={(value) =>
                    value === undefined || value === null || `${value}` === '' ? '' : `${value}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
                  }
                  parser={(text) => Number((text ?? '').replace(/,/g, ''))}
                  style={{ width: 220 }}
                />
              </FieldRow>
              <FieldRow formik={formik} name="currency" label="Currency">
                <Select
                  id="currency"
                  value={values.currency}
                  disabled={CURRENCIES.length === 1}
                  onChange={(value: string) => void formik.setFieldValue('currency', value)}
                  options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
                  style={{ width: 120 }}
                />
              </FieldRow>
            </Space>
            <Space wrap align="start">
              <FieldRow formik={formik} name="country" label="Country">
                <Select
                  id="country"
                  value={values.country || undefined}
                  placeholder="Select a country"
                  onChange={(value: string) => {
                    void formik.setFieldValue('country', value);
                    void formik.setFieldValue('state', '');
                  }}
                  options={countries}
                  optionFilterProp="label"
                  style={{ width: 220 }}
                  showSearch
                />
              </FieldRow>
              <FieldRow formik={formik} name="state" label="State">
                {states.length ? (
                  <Select
                    id="state"
                    value={values.state || undefined}
                    placeholder="Select a state"
                    onChange={(value: string) => void formik.setFieldValue('state', value)}
                    options={states.map((state) => ({ value: state.name, label: state.name }))}
                    style={{ width: 220 }}
                    showSearch
                    optionFilterProp="label"
                  />
                ) : (
                  <Input id="state" {...formik.getFieldProps('state')} />
                )}
              </FieldRow>
              <FieldRow formik={formik} name="city" label="City">
                <Input id="city" {...formik.getFieldProps('city')} />
              </FieldRow>
            </Space>
            <FieldRow formik={formik} name="userDescription" label={w('Tell us about your vehicle')}>
              <Input.TextArea id="userDescription" rows={6} {...formik.getFieldProps('userDescription')} />
            </FieldRow>
          </>
        ) : null}
        {step === 1 ? (
          <>
            {propertyList.length === 0 ? (
              <Typography.Paragraph type="secondary">No additional details are needed.</Typography.Paragraph>
            ) : null}
            {propertyList.map((property) => (
              <Form.Item
                key={property.name}
                label={property.label}
                htmlFor={`df-${property.name}`}
                validateStatus={fieldError(property.name) && attempted ? 'error' : undefined}
                help={attempted ? fieldError(property.name) : undefined}
              >
                {property.options?.length ? (
                  <Select
                    id={`df-${property.name}`}
                    value={values.dataFields[property.name] || undefined}
                    onChange={(value: string) => void formik.setFieldValue(`dataFields.${property.name}`, value)}
                    options={property.options.map((option) => ({ value: option, label: option }))}
                  />
                ) : (
                  <Input id={`df-${property.name}`} {...formik.getFieldProps(`dataFields.${property.name}`)} />
                )}
              </Form.Item>
            ))}
          </>
        ) : null}
        {step === 2 ? (
          <>
            {selectedPackage?.snappr.enabled && !snapprForced ? (
              <Checkbox
                checked={values.serviceSnappr}
                onChange={(event) => void formik.setFieldValue('serviceSnappr', event.target.checked)}
              >
                Use the Snappr photography service
              </Checkbox>
            ) : null}
            {(values.serviceSnappr ? (['exterior'] as const) : IMAGE_GROUPS).map((group) => (
              <ImageUploader
                key={group}
                label={values.serviceSnappr ? 'Images' : GROUP_LABELS[group]}
                fallback={config.theme.defaultImage}
                value={values.images[group]}
                limit={groupLimit}
                showCover={group === 'exterior'}
                error={mediaProblems[group]}
                onChange={(next) => {
                  void formik.setFieldValue(`images.${group}`, next);
                  setMediaProblems((current) => ({ ...current, [group]: undefined }));
                }}
              />
            ))}
          </>
        ) : null}
        {step === 3 ? (
          <>
            <FieldRow formik={formik} name="packageId" label="Package">
              <Radio.Group
                id="packageId"
                value={values.packageId || undefined}
                onChange={(event) => void formik.setFieldValue('packageId', event.target.value)}
                options={packageList.map((pkg) => ({ value: pkg.id, label: `${pkg.title} (${pkg.priceLabel})` }))}
              />
            </FieldRow>
            {selectedPackage?.snappr.enabled ? (
              <>
                {/* Chosen here too, where the package is (issue 24 item 9): reachable on a first pass. */}
                {snapprForced ? null : (
                  <Checkbox
                    checked={values.serviceSnappr}
                    onChange={(event) => void formik.setFieldValue('serviceSnappr', event.target.checked)}
                  >
                    Use the Snappr photography service
                  </Checkbox>
                )}
                <Typography.Paragraph type="secondary" data-testid="snappr-note">
                  {values.serviceSnappr || snapprForced
                    ? `Includes the Snappr photography service (${formatMoney(selectedPackage.snappr.price, selectedPackage.currency)}). Only the exterior images are kept as the Images list.`
                    : `This package offers the Snappr photography service for ${formatMoney(selectedPackage.snappr.price, selectedPackage.currency)}.`}
                </Typography.Paragraph>
              </>
            ) : null}
            <FieldRow formik={formik} name="contactName" label="Name">
              <Input id="contactName" autoComplete="name" {...formik.getFieldProps('contactName')} />
            </FieldRow>
            <FieldRow formik={formik} name="contactEmail" label="Email">
              <Input id="contactEmail" type="email" autoComplete="email" {...formik.getFieldProps('contactEmail')} />
            </FieldRow>
            <FieldRow formik={formik} name="contactPhone" label="Phone (optional)">
              <Input id="contactPhone" autoComplete="tel" {...formik.getFieldProps('contactPhone')} />
            </FieldRow>
            <FieldRow formik={formik} name="hasAgreedToTerms">
              <Checkbox
                id="hasAgreedToTerms"
                checked={values.hasAgreedToTerms}
                onChange={(event) => void formik.setFieldValue('hasAgreedToTerms', event.target.checked)}
              >
                I agree to the terms and conditions
              </Checkbox>
            </FieldRow>
          </>
        ) : null}
        <div className="ts-wizard-buttons">
          <Button
            onClick={() => {
              if (step === 0) void navigate(-1);
              else {
                setStep(step - 1);
                setAttempted(false);
              }
            }}
          >
            {step === 0 ? 'Cancel' : 'Back'}
          </Button>
          {step > 0 ? <Button onClick={() => void navigate('/auction')}>Cancel</Button> : null}
          <Button type="primary" htmlType="submit" disabled={locked} loading={formik.isSubmitting}>
            {step === STEPS.length - 1 ? 'Submit' : 'Next'}
          </Button>
        </div>
      </Form>
      {paymentPending ? (
        <Alert
          type="warning"
          showIcon
          className="ts-form-notice"
          title="Your auction is saved. The package still needs to be paid for: press Submit to pay."
        />
      ) : null}
      {paying && selectedPackage ? (
        <PaymentDialog
          open
          item={{ itemId: paying, itemType: 'AUCTION', paymentType: 'ONE_TIME', packageId: selectedPackage.id }}
          summary={
            <PaymentBreakdown
              title={selectedPackage.title}
              currency={selectedPackage.currency}
              serviceSnappr={values.serviceSnappr}
              charge={charge}
            />
          }
          onClose={() => {
            setPaying(null);
            setPaymentPending(true);
          }}
          onPaid={() => {
            setPaying(null);
            setPaymentPending(false);
            finish();
          }}
        />
      ) : null}
      <Modal
        open={progress !== null}
        footer={progress?.status === 'failed' ? <Button onClick={() => setProgress(null)}>Close</Button> : null}
        closable={progress?.status === 'failed'}
        onCancel={() => setProgress(null)}
        title={mode === 'create' ? 'Auction Creation' : 'Auction Edit (beta)'}
      >
        {progress?.status === 'working' ? (
          <Space>
            <Spin />
            <Typography.Text>{progress.text}</Typography.Text>
          </Space>
        ) : null}
        {progress?.status === 'failed' ? (
          <>
            <Alert type="error" title={progress.text} showIcon role="alert" />
            <Typography.Paragraph className="ts-wizard-failed">{WIZARD_MESSAGES.processingFailed}</Typography.Paragraph>
          </>
        ) : null}
      </Modal>
    </section>
  );
}

/** The package payment's lines: the package, the Snappr service when chosen, the total (display; the server prices). */
function PaymentBreakdown({
  title,
  currency,
  serviceSnappr,
  charge,
}: {
  title: string;
  currency: string;
  serviceSnappr: boolean;
  charge: { packageCents: number; snapprCents: number; totalCents: number } | null;
}) {
  if (!charge) return <>{title}</>;
  return (
    <span className="ts-payment-breakdown" data-testid="payment-breakdown">
      {`${title}: ${formatMoney(charge.packageCents / 100, currency)}`}
      {charge.snapprCents > 0 ? (
        <>
          <br />
          {`Snappr photography${serviceSnappr ? '' : ' (included by the package)'}: ${formatMoney(charge.snapprCents / 100, currency)}`}
          <br />
          <strong>{`Total: ${formatMoney(charge.totalCents / 100, currency)}`}</strong>
        </>
      ) : null}
    </span>
  );
}
