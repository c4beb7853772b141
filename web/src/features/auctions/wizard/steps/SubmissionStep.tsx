import { Checkbox, Input, Radio, Typography } from 'antd';
import type { FormikProps } from 'formik';
import { FieldRow } from '../../../../lib/forms/FieldRow';
import { formatMoney } from '../../../../lib/money';
import { packageOptionLabel } from '../wizard-rules';
import type { AuctionPackage } from '../wizard.operations';
import type { WizardValues } from '../wizard-values';

/** Step 4, Submission: the package (and the Snappr service it offers), contact details, the terms. */
export function SubmissionStep({
  formik,
  packageList,
  selectedPackage,
  snapprForced,
}: {
  formik: FormikProps<WizardValues>;
  packageList: AuctionPackage[];
  selectedPackage: AuctionPackage | null;
  snapprForced: boolean;
}) {
  const values = formik.values;
  return (
    <>
      <FieldRow formik={formik} name="packageId" label="Package">
        <Radio.Group
          id="packageId"
          value={values.packageId || undefined}
          onChange={(event) => void formik.setFieldValue('packageId', event.target.value)}
          options={packageList.map((pkg) => ({ value: pkg.id, label: packageOptionLabel(pkg) }))}
        />
      </FieldRow>
      {selectedPackage?.snappr.enabled ? (
        <>
          {/* Chosen here too, where the package is (issue 24 item 9): reachable on a first pass. */}
          {snapprForced ? null : (
            <Checkbox checked={values.serviceSnappr} onChange={(event) => void formik.setFieldValue('serviceSnappr', event.target.checked)}>
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
  );
}
