import { useQuery } from '@apollo/client/react';
import { Alert, Button, Form, Result, Spin, Steps, Typography } from 'antd';
import { useFormik, type FormikErrors } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/auth-context';
import { useBrand } from '../../brand';
import { PaymentDialog } from '../bidding/PaymentDialog';
import { PaymentBreakdown } from './PaymentBreakdown';
import { AdditionalDetailsStep } from './steps/AdditionalDetailsStep';
import { BasicDetailsStep } from './steps/BasicDetailsStep';
import { MediaStep } from './steps/MediaStep';
import { SubmissionStep } from './steps/SubmissionStep';
import { useWizardSave } from './use-wizard-save';
import { AUCTION_FOR_EDIT, AUCTION_PACKAGES, AUCTION_PROPERTIES, COUNTRY_STATE } from './wizard.operations';
import {
  basicSchema,
  IMAGE_LIMIT,
  packageCharge,
  SNAPPR_IMAGE_LIMIT,
  submissionSchema,
  WIZARD_MESSAGES,
  type ImageGroup,
} from './wizard-rules';
import { FALLBACK_COUNTRIES, initialValues, mediaErrors, propertyErrors, STEPS, type WizardValues } from './wizard-values';
import { WizardProgressModal } from './WizardProgressModal';

export type { WizardValues } from './wizard-values';

/** The step's yup schema errors, by field path (the first message of each). */
async function schemaErrors(schema: typeof basicSchema | typeof submissionSchema, values: WizardValues): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  try {
    await schema.validate(values, { abortEarly: false });
  } catch (failure) {
    for (const inner of (failure as { inner?: Array<{ path?: string; message: string }> }).inner ?? [])
      if (inner.path && !(inner.path in errors)) errors[inner.path] = inner.message;
  }
  return errors;
}

/** The brand's lot properties (sorted), auction packages and countries, and the lot being edited. */
function useWizardData(auctionId: string | undefined) {
  const packages = useQuery(AUCTION_PACKAGES);
  const properties = useQuery(AUCTION_PROPERTIES);
  const countryQuery = useQuery(COUNTRY_STATE);
  const existing = useQuery(AUCTION_FOR_EDIT, { variables: { id: auctionId ?? '' }, skip: !auctionId });
  const propertyList = useMemo(
    () => [...(properties.data?.auctionPropertiesByBrand ?? [])].sort((a, b) => a.order - b.order),
    [properties.data],
  );
  const countries = useMemo(
    () =>
      countryQuery.data?.countryState.length
        ? countryQuery.data.countryState.map((country) => ({ value: country.iso2, label: country.name }))
        : FALLBACK_COUNTRIES,
    [countryQuery.data],
  );
  return { packages, propertyList, countryQuery, countries, existing, lot: existing.data?.auction ?? null };
}

/**
 * The creation and edit wizard (spec 001 sections 2, 5, 7 and 8): Basic Details, Additional
 * Details, Media, Submission (one component per step under steps/, the save in use-wizard-save.ts).
 * Back on the first step reads Cancel, Next on the last reads Submit; submitting locks the button for 10 s.
 */
export function AuctionWizard({ auctionId }: { auctionId?: string }) {
  const mode = auctionId ? 'edit' : 'create';
  const title = mode === 'create' ? 'Auction Creation' : 'Auction Edit (beta)';
  const { config, w } = useBrand();
  const { user, loadingUser } = useAuth();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { packages, propertyList, countryQuery, countries, existing, lot } = useWizardData(auctionId);
  const [step, setStep] = useState(0);
  // Whether Next was pressed on this step: the dynamic property fields show their messages after it.
  const [attempted, setAttempted] = useState(false);
  const [mediaProblems, setMediaProblems] = useState<Partial<Record<ImageGroup, string>>>({});
  const [paymentPending, setPaymentPending] = useState(false);
  const packageList = packages.data?.pricingPackages ?? [];
  const packageOf = (form: WizardValues) => packageList.find((pkg) => pkg.id === form.packageId) ?? null;

  function finish() {
    notify('success', mode === 'create' ? 'Your auction has been submitted for review.' : 'Your auction has been updated.');
    const redirect = new URLSearchParams(search).get('successRedirect');
    void navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/');
  }
  const save = useWizardSave({ auctionId, brand: config.brand, propertyList, packageOf, onDone: finish });

  const formik = useFormik<WizardValues>({
    // A package chosen on the pricing page (?package=) comes preselected on a new lot.
    initialValues: initialValues(lot, user, config.theme.defaultImage, new URLSearchParams(search).get('package')),
    enableReinitialize: true,
    validateOnMount: false,
    validate: async (values) => {
      const errors: FormikErrors<WizardValues> = {};
      const schema = step === 0 ? basicSchema : step === 3 ? submissionSchema : null;
      if (schema) Object.assign(errors, await schemaErrors(schema, values));
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
      await save.submit(values);
    },
  });
  const values = formik.values;
  const selectedPackage = packageOf(values);
  // A requested package that is not one of the brand's auction packages is dropped once they load.
  useEffect(() => {
    if (!lot && packages.data && values.packageId && !selectedPackage) void formik.setFieldValue('packageId', '');
  }, [packages.data, lot, values.packageId, selectedPackage]);
  const snapprForced = Boolean(selectedPackage?.snappr.forceEnabled);
  useEffect(() => {
    if (snapprForced && !values.serviceSnappr) void formik.setFieldValue('serviceSnappr', true);
  }, [snapprForced]); // formik is stable enough here; only the package matters

  if (auctionId && (existing.loading || (loadingUser && !user))) return <Spin size="large" />;
  if (auctionId && (existing.error || !lot || !user || lot.user.id !== user.id)) {
    return <Result status="403" title={WIZARD_MESSAGES.accessDenied} />;
  }
  // State is chosen from a list when the country has states, else typed (spec 001 section 5).
  const states = countryQuery.data?.countryState.find((country) => country.iso2 === values.country)?.states ?? [];
  const groupLimit = values.serviceSnappr ? SNAPPR_IMAGE_LIMIT : Math.min(IMAGE_LIMIT, selectedPackage?.imageLimit || IMAGE_LIMIT);
  const charge = selectedPackage ? packageCharge(selectedPackage, values.serviceSnappr) : null;

  return (
    <section className="ts-wizard">
      <Typography.Title>{title}</Typography.Title>
      <Steps current={step} items={STEPS.map((name) => ({ title: name }))} className="ts-wizard-steps" size="small" />
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
          <BasicDetailsStep formik={formik} countries={countries} states={states} describeLabel={w('Tell us about your vehicle')} />
        ) : null}
        {step === 1 ? <AdditionalDetailsStep formik={formik} propertyList={propertyList} attempted={attempted} /> : null}
        {step === 2 ? (
          <MediaStep
            formik={formik}
            selectedPackage={selectedPackage}
            snapprForced={snapprForced}
            groupLimit={groupLimit}
            fallbackImage={config.theme.defaultImage}
            mediaProblems={mediaProblems}
            setMediaProblems={setMediaProblems}
          />
        ) : null}
        {step === 3 ? (
          <SubmissionStep formik={formik} packageList={packageList} selectedPackage={selectedPackage} snapprForced={snapprForced} />
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
          <Button type="primary" htmlType="submit" disabled={save.locked} loading={formik.isSubmitting}>
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
      {save.paying && selectedPackage ? (
        <PaymentDialog
          open
          item={{ itemId: save.paying, itemType: 'AUCTION', paymentType: 'ONE_TIME', packageId: selectedPackage.id }}
          summary={
            <PaymentBreakdown
              title={selectedPackage.title}
              currency={selectedPackage.currency}
              serviceSnappr={values.serviceSnappr}
              charge={charge}
            />
          }
          onClose={() => {
            save.setPaying(null);
            setPaymentPending(true);
          }}
          onPaid={() => {
            save.setPaying(null);
            setPaymentPending(false);
            finish();
          }}
        />
      ) : null}
      <WizardProgressModal progress={save.progress} title={title} onClose={() => save.setProgress(null)} />
    </section>
  );
}
