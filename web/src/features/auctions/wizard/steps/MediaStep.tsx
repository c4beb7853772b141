import { Checkbox } from 'antd';
import type { FormikProps } from 'formik';
import { ImageUploader } from '../ImageUploader';
import type { AuctionPackage } from '../wizard.operations';
import { IMAGE_GROUPS, type ImageGroup } from '../wizard-rules';
import { GROUP_LABELS, type WizardValues } from '../wizard-values';

/** Step 3, Media: the four image groups, or one Images list with the Snappr service. */
export function MediaStep({
  formik,
  selectedPackage,
  snapprForced,
  groupLimit,
  fallbackImage,
  mediaProblems,
  setMediaProblems,
}: {
  formik: FormikProps<WizardValues>;
  selectedPackage: AuctionPackage | null;
  snapprForced: boolean;
  groupLimit: number;
  fallbackImage: string;
  mediaProblems: Partial<Record<ImageGroup, string>>;
  setMediaProblems: (update: (current: Partial<Record<ImageGroup, string>>) => Partial<Record<ImageGroup, string>>) => void;
}) {
  const values = formik.values;
  return (
    <>
      {selectedPackage?.snappr.enabled && !snapprForced ? (
        <Checkbox checked={values.serviceSnappr} onChange={(event) => void formik.setFieldValue('serviceSnappr', event.target.checked)}>
          Use the Snappr photography service
        </Checkbox>
      ) : null}
      {(values.serviceSnappr ? (['exterior'] as const) : IMAGE_GROUPS).map((group) => (
        <ImageUploader
          key={group}
          label={values.serviceSnappr ? 'Images' : GROUP_LABELS[group]}
          fallback={fallbackImage}
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
  );
}
