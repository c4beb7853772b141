import type { FormikProps } from 'formik';
import { useBrand } from '../../brand';
import { AdditionalDetailsStep } from './steps/AdditionalDetailsStep';
import { BasicDetailsStep } from './steps/BasicDetailsStep';
import { MediaStep } from './steps/MediaStep';
import { SubmissionStep } from './steps/SubmissionStep';
import type { AuctionPackage, AuctionProperty, CountryEntry } from './wizard.operations';
import { IMAGE_LIMIT, SNAPPR_IMAGE_LIMIT, type ImageGroup } from './wizard-rules';
import type { WizardValues } from './wizard-values';

type MediaProblems = Partial<Record<ImageGroup, string>>;

/** The current step's fields (one component per step under steps/). */
export function WizardStepBody({
  step,
  formik,
  countries,
  countryStates,
  propertyList,
  attempted,
  packageList,
  selectedPackage,
  snapprForced,
  mediaProblems,
  setMediaProblems,
}: {
  step: number;
  formik: FormikProps<WizardValues>;
  countries: Array<{ value: string; label: string }>;
  countryStates: CountryEntry[];
  propertyList: AuctionProperty[];
  attempted: boolean;
  packageList: AuctionPackage[];
  selectedPackage: AuctionPackage | null;
  snapprForced: boolean;
  mediaProblems: MediaProblems;
  setMediaProblems: (update: (current: MediaProblems) => MediaProblems) => void;
}) {
  const { config, w } = useBrand();
  const values = formik.values;
  if (step === 0) {
    // State is chosen from a list when the country has states, else typed (spec 001 section 5).
    const states = countryStates.find((country) => country.iso2 === values.country)?.states ?? [];
    return <BasicDetailsStep formik={formik} countries={countries} states={states} describeLabel={w('Tell us about your vehicle')} />;
  }
  if (step === 1) return <AdditionalDetailsStep formik={formik} propertyList={propertyList} attempted={attempted} />;
  if (step === 2) {
    const groupLimit = values.serviceSnappr ? SNAPPR_IMAGE_LIMIT : Math.min(IMAGE_LIMIT, selectedPackage?.imageLimit || IMAGE_LIMIT);
    return (
      <MediaStep
        formik={formik}
        selectedPackage={selectedPackage}
        snapprForced={snapprForced}
        groupLimit={groupLimit}
        fallbackImage={config.theme.defaultImage}
        mediaProblems={mediaProblems}
        setMediaProblems={setMediaProblems}
      />
    );
  }
  return <SubmissionStep formik={formik} packageList={packageList} selectedPackage={selectedPackage} snapprForced={snapprForced} />;
}
