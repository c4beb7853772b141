import { useFormik, type FormikErrors } from 'formik';
import { useEffect, useState } from 'react';
import type { AuctionPackage, AuctionProperty, EditableAuction } from './wizard.operations';
import { basicSchema, submissionSchema, type ImageGroup } from './wizard-rules';
import { initialValues, mediaErrors, propertyErrors, STEPS, type WizardValues } from './wizard-values';

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

/** The checks of one step: Basic Details and Submission by schema, Additional Details by the brand's properties. */
async function stepErrors(step: number, values: WizardValues, propertyList: AuctionProperty[]): Promise<FormikErrors<WizardValues>> {
  const errors: FormikErrors<WizardValues> = {};
  const schema = step === 0 ? basicSchema : step === 3 ? submissionSchema : null;
  if (schema) Object.assign(errors, await schemaErrors(schema, values));
  if (step === 1) {
    const problems = propertyErrors(values, propertyList);
    if (Object.keys(problems).length) errors.dataFields = problems;
  }
  return errors;
}

/**
 * The wizard's form and step state: Next validates the current step (the Media step its image
 * groups) and moves on; on the last step it submits through `submit` (use-wizard-save.ts).
 */
export function useWizardForm(options: {
  lot: EditableAuction | null;
  user: Parameters<typeof initialValues>[1];
  defaultImage: string;
  requestedPackage: string | null;
  propertyList: AuctionProperty[];
  submit: (values: WizardValues) => Promise<void>;
}) {
  const [step, setStep] = useState(0);
  // Whether Next was pressed on this step: the dynamic property fields show their messages after it.
  const [attempted, setAttempted] = useState(false);
  const [mediaProblems, setMediaProblems] = useState<Partial<Record<ImageGroup, string>>>({});
  const formik = useFormik<WizardValues>({
    // A package chosen on the pricing page (?package=) comes preselected on a new lot.
    initialValues: initialValues(options.lot, options.user, options.defaultImage, options.requestedPackage),
    enableReinitialize: true,
    validateOnMount: false,
    validate: (values) => stepErrors(step, values, options.propertyList),
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
      await options.submit(values);
    },
  });
  const back = () => {
    setStep(step - 1);
    setAttempted(false);
  };
  const next = () => {
    setAttempted(true);
    formik.handleSubmit();
  };
  return { formik, step, attempted, mediaProblems, setMediaProblems, back, next };
}

/**
 * The chosen package, kept consistent with the brand's list: a requested package that is not one of
 * the brand's auction packages is dropped once they load, and a package that forces Snappr turns it on.
 */
export function useSelectedPackage(
  formik: ReturnType<typeof useFormik<WizardValues>>,
  packageList: AuctionPackage[],
  loaded: boolean,
  editing: boolean,
) {
  const values = formik.values;
  const selectedPackage = packageList.find((pkg) => pkg.id === values.packageId) ?? null;
  useEffect(() => {
    if (!editing && loaded && values.packageId && !selectedPackage) void formik.setFieldValue('packageId', '');
  }, [loaded, editing, values.packageId, selectedPackage]);
  const snapprForced = Boolean(selectedPackage?.snappr.forceEnabled);
  useEffect(() => {
    if (snapprForced && !values.serviceSnappr) void formik.setFieldValue('serviceSnappr', true);
  }, [snapprForced]); // formik is stable enough here; only the package matters
  return { selectedPackage, snapprForced };
}
