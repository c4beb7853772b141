import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Form, Skeleton, Space, Steps, Typography } from 'antd';
import { useFormik } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LISTING_ERROR_CODES, LISTING_MESSAGES } from '@trackside/contracts/catalogue/catalogue-messages';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { type ImageGroupValue } from '../../auctions/wizard/ImageUploader';
import { uploadImages } from '../../auctions/wizard/upload-images';
import { COUNTRY_STATE } from '../../auctions/wizard/wizard.operations';
import { useBrand } from '../../brand';
import { Breadcrumbs } from '../../content/Breadcrumbs';
import { usePageTitle } from '../../directory/DirectoryShared';
import { PRICING_PACKAGES } from '../../pricing/pricing.operations';
import { serverFieldIssues, standingErrors, withServerErrors, wizardIssues, type WizardIssues } from '../listing-field-errors';
import { fieldError, fromExtraDetails, toExtraDetails, visibleFields } from '../listing-fields';
import { coverFirst, listingImageOrder, listingImagesFrom } from '../listing-images';
import { packageLimitReached } from '../listing-limit';
import { MY_LISTING_PACKAGES } from '../listing-owner.operations';
import { videoLinks } from '../listing-videos';
import { LISTING_PACKAGE_VIDEO_LIMITS, UPDATE_LISTING, type EditableListing } from '../listing-wizard.operations';
import { CREATE_LISTING, LISTING_CATEGORIES } from '../paddock.operations';
import { BasicStep } from './BasicStep';
import { CategoryStep } from './CategoryStep';
import { DetailsStep } from './DetailsStep';
import { basicSchema, NEW_LISTING, STEP_FIELDS, valuesOf, WIZARD_STEPS, type Basic } from './listing-wizard-values';
import { MediaStep } from './MediaStep';
import { ReviewStep } from './ReviewStep';
import { useVideoRows } from './use-video-rows';

/**
 * The listing wizard (spec 002 section 2): Category & Type, Basic Details, Additional Details (the
 * category's property fields with their messages: MAKE autocomplete with Other, RICH_TEXT editor),
 * Media (jpg/png, 5 Mb, the package's image limit, reordered by drag, the first image is the cover;
 * YouTube or Vimeo links up to the package's videoLimit, hidden when it is 0), Review. A refused video
 * or image list brings the wizard back to Media with the service's message beside the field. Submit uploads the new images and creates the listing (pending until staff approve it) or,
 * with `listing`, updates it. The package's listing limit is checked as soon as a package is chosen
 * (and again by the server on Submit): 'You have reached the listing limit of your package.'
 * The steps show once the categories and packages answered, so no select ever shows a raw slug.
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
  const [failure, setFailure] = useState<string | null>(null);
  // The server's field refusals with the values they were about: each shows on its field until that value changes.
  const [refused, setRefused] = useState<{ issues: WizardIssues; basic: Basic; extra: Record<string, unknown> } | null>(null);
  const { data: categories } = useQuery(LISTING_CATEGORIES);
  const { data: packages } = useQuery(PRICING_PACKAGES, { variables: { type: 'LISTING', brand: config.brand } });
  const { data: videoLimits } = useQuery(LISTING_PACKAGE_VIDEO_LIMITS, { variables: { type: 'LISTING', brand: config.brand } });
  const { data: mine } = useQuery(MY_LISTING_PACKAGES, { fetchPolicy: 'network-only', skip: editing });
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
          videos: videoLinks(videos.rows),
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
        // Every refused field at once (issue 24 item 17): each message on its field, the earliest such step opened.
        const issues = wizardIssues(serverFieldIssues(error), STEP_FIELDS);
        if (issues.step !== null) {
          setRefused({ issues, basic: values, extra });
          if (issues.videos) videos.setRefusal(issues.videos);
          if (issues.images) setImageError(issues.images);
          if (Object.keys(issues.extra).length > 0) setExtraTouched(true);
          setStep(issues.step);
        } else if (refusal.code === LISTING_ERROR_CODES.videos) {
          // A refused video or image list: back to Media with the message beside the field (nothing typed is lost).
          videos.setRefusal(refusal.message);
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
  const limitProblem = !editing && packageLimitReached(mine?.myListings ?? [], pkg) ? LISTING_MESSAGES.limitReached : null;
  const imageLimit = pkg?.imageLimit ?? 5;
  const videoLimit = videoLimits?.pricingPackages.find((entry) => entry.id === formik.values.packageId)?.videoLimit ?? 0;
  const videos = useVideoRows(listing?.videos, videoLimit);
  const extraErrors = Object.fromEntries(fields.map((field) => [field.name, fieldError(field, extra[field.name])]));
  const serverExtra = refused ? standingErrors(refused.issues.extra, refused.extra, extra) : {};
  const shownExtraErrors = Object.fromEntries(
    fields.map((field) => [field.name, extraErrors[field.name] ?? serverExtra[field.name] ?? null]),
  );
  const shown = withServerErrors(formik, refused ? standingErrors(refused.issues.basic, refused.basic, formik.values) : {});

  const next = async () => {
    if (step <= 1) {
      const errors = await formik.validateForm();
      const names = STEP_FIELDS[step]!;
      void formik.setTouched({ ...formik.touched, ...Object.fromEntries(names.map((name) => [name, true])) });
      if (names.some((name) => errors[name])) return;
      if (step === 0 && limitProblem) return;
      if (step === 0 && category) setExtra((current) => fromExtraDetails(category.fields, current));
    }
    if (step === 2) {
      setExtraTouched(true);
      if (Object.values(extraErrors).some(Boolean)) return;
    }
    if (step === 3) {
      const videosOk = videos.check();
      if (images.images.length === 0) {
        setImageError(LISTING_MESSAGES.imageRequired);
        return;
      }
      if (!videosOk) return;
    }
    setStep(step + 1);
  };
  // The wizard (heading included) shows once its reference data answered, as the edit page waits for the listing.
  if (categories === undefined || packages === undefined || (!editing && mine === undefined))
    return (
      <section className="ts-page ts-narrow">
        <Skeleton active data-testid="listing-wizard-loading" />
      </section>
    );
  return (
    <section className="ts-page ts-narrow">
      <Breadcrumbs labels={listing ? { [listing.id]: listing.title } : undefined} />
      <Typography.Title>{w(editing ? 'Edit listing' : 'Create a listing')}</Typography.Title>
      <Steps current={step} size="small" items={WIZARD_STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} responsive />
      {failure ? <Alert type="error" showIcon role="alert" title={failure} className="ts-form-notice" /> : null}
      <Form layout="vertical" noValidate onFinish={() => undefined} data-testid="listing-wizard">
        {step === 0 ? (
          <CategoryStep
            formik={shown}
            categories={categories.listingCategories}
            category={category}
            packages={packages.pricingPackages}
            editing={editing}
            limitProblem={limitProblem}
          />
        ) : null}
        {step === 1 ? (
          <BasicStep formik={shown} countries={countryQuery.data?.countryState ?? []} countriesFailed={Boolean(countryQuery.error)} />
        ) : null}
        {step === 2 ? (
          <DetailsStep
            fields={fields}
            values={extra}
            errors={shownExtraErrors}
            touched={extraTouched}
            onChange={(name, value) => setExtra((current) => ({ ...current, [name]: value }))}
          />
        ) : null}
        {step === 3 ? (
          <MediaStep
            label={w('Vehicle')}
            fallback={config.theme.defaultImage}
            imageLimit={imageLimit}
            images={images}
            imageError={imageError}
            onImages={(next) => {
              setImageError(null);
              setImages((current) => coverFirst(current, next));
            }}
            videos={videos}
          />
        ) : null}
        {step === 4 ? (
          <ReviewStep
            values={formik.values}
            categoryName={category?.name}
            typeName={category?.types.find((entry) => entry.slug === formik.values.type)?.name}
            packageTitle={pkg?.title}
            imageCount={images.images.length}
            videos={videos.rows}
          />
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
