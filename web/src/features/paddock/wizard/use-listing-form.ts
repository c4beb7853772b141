import { LISTING_MESSAGES } from '@trackside/contracts/catalogue/catalogue-messages';
import { useFormik, type FormikProps } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { standingErrors, withServerErrors, type WizardIssues } from '../listing-field-errors';
import { fieldError, fromExtraDetails, visibleFields, type PropertyField } from '../listing-fields';
import { packageLimitReached } from '../listing-limit';
import type { EditableListing } from '../listing-wizard.operations';
import { listingRefusal, MEDIA_STEP, type ListingMedia } from './listing-submit';
import { basicSchema, NEW_LISTING, STEP_FIELDS, valuesOf, type Basic } from './listing-wizard-values';
import type { ListingData } from './use-listing-data';
import { useListingMedia } from './use-listing-media';

/** The server's field refusals with the values they were about: each shows on its field until that value changes. */
interface Refused {
  issues: WizardIssues;
  basic: Basic;
  extra: Record<string, unknown>;
}

/**
 * The chosen package with its limits. A requested package that is not one of the brand's listing
 * packages is dropped once they load; a new listing is refused at once when the package's listing limit is used.
 */
function useChosenPackage(formik: FormikProps<Basic>, data: ListingData, editing: boolean) {
  const packageId = formik.values.packageId;
  const pkg = data.packages?.find((entry) => entry.id === packageId);
  useEffect(() => {
    if (!editing && data.packages && packageId && !pkg) void formik.setFieldValue('packageId', '');
  }, [data.packages, editing, packageId, pkg]);
  const limitProblem = !editing && packageLimitReached(data.mine ?? [], pkg) ? LISTING_MESSAGES.limitReached : null;
  const videoLimit = data.videoLimits?.find((entry) => entry.id === packageId)?.videoLimit ?? 0;
  return { pkg, limitProblem, imageLimit: pkg?.imageLimit ?? 5, videoLimit };
}

/** The property fields' own messages, and what each field shows: its own message first, then the server's standing one. */
function extraErrorsOf(fields: PropertyField[], extra: Record<string, unknown>, refused: Refused | null) {
  const own = Object.fromEntries(fields.map((field) => [field.name, fieldError(field, extra[field.name])]));
  const server = refused ? standingErrors(refused.issues.extra, refused.extra, extra) : {};
  const shown = Object.fromEntries(fields.map((field) => [field.name, own[field.name] ?? server[field.name] ?? null]));
  return { own, shown };
}

/**
 * The wizard's form and step state: Next checks the current step (the form's fields, the package's
 * listing limit, the property fields, the media) and moves on; Submit saves through `save`
 * (use-listing-save.ts) and puts a refusal's messages on their fields, opening the earliest step holding one.
 */
export function useListingForm(options: {
  listing: EditableListing | undefined;
  requestedPackage: string | null;
  data: ListingData;
  save: (values: Basic, media: ListingMedia) => Promise<void>;
}) {
  const { listing, data } = options;
  const editing = listing !== undefined;
  const [step, setStep] = useState(0);
  const [extra, setExtra] = useState<Record<string, unknown>>(() => ({ ...(listing?.extraDetails ?? {}) }));
  const [extraTouched, setExtraTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [refused, setRefused] = useState<Refused | null>(null);
  const refuse = (error: unknown, values: Basic) => {
    const refusal = listingRefusal(error);
    setFailure(refusal.message);
    if (refusal.issues) setRefused({ issues: refusal.issues, basic: values, extra });
    if (refusal.issues && Object.keys(refusal.issues.extra).length > 0) setExtraTouched(true);
    if (refusal.videos !== null) media.videos.setRefusal(refusal.videos);
    if (refusal.images !== null) media.setImageError(refusal.images);
    if (refusal.step !== null) setStep(refusal.step);
  };
  const formik = useFormik<Basic>({
    initialValues: listing ? valuesOf(listing) : { ...NEW_LISTING, packageId: options.requestedPackage ?? '' },
    validationSchema: basicSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        await options.save(values, { images: media.images, videoRows: media.videos.rows, fields, extra });
      } catch (error) {
        refuse(error, values);
      }
    },
  });
  const chosen = useChosenPackage(formik, data, editing);
  const category = data.categories?.find((entry) => entry.slug === formik.values.category);
  const fields = useMemo(() => visibleFields(category?.fields ?? []), [category]);
  const media = useListingMedia(listing, chosen.videoLimit);
  const extraErrors = extraErrorsOf(fields, extra, refused);

  const next = async () => {
    if (step <= 1) {
      const errors = await formik.validateForm();
      const names = STEP_FIELDS[step]!;
      void formik.setTouched({ ...formik.touched, ...Object.fromEntries(names.map((name) => [name, true])) });
      if (names.some((name) => errors[name]) || (step === 0 && chosen.limitProblem)) return;
      if (step === 0 && category) setExtra((current) => fromExtraDetails(category.fields, current));
    }
    if (step === 2) {
      setExtraTouched(true);
      if (Object.values(extraErrors.own).some(Boolean)) return;
    }
    if (step === MEDIA_STEP && !media.check()) return;
    setStep(step + 1);
  };
  return {
    formik,
    // The form's own messages first, then the server's that still stand.
    shown: withServerErrors(formik, refused ? standingErrors(refused.issues.basic, refused.basic, formik.values) : {}),
    step,
    back: () => setStep(step - 1),
    next,
    failure,
    category,
    fields,
    extra,
    extraErrors: extraErrors.shown,
    extraTouched,
    setExtraValue: (name: string, value: unknown) => setExtra((current) => ({ ...current, [name]: value })),
    media,
    ...chosen,
  };
}

export type ListingForm = ReturnType<typeof useListingForm>;
