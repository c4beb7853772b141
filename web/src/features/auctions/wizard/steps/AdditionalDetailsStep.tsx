import { Form, Input, Select, Typography } from 'antd';
import type { FormikProps } from 'formik';
import type { AuctionProperty } from '../wizard.operations';
import type { WizardValues } from '../wizard-values';

/** Step 2, Additional Details: the brand's lot properties; messages show once Next was pressed. */
export function AdditionalDetailsStep({
  formik,
  propertyList,
  attempted,
}: {
  formik: FormikProps<WizardValues>;
  propertyList: AuctionProperty[];
  attempted: boolean;
}) {
  const values = formik.values;
  const fieldError = (name: string) => (formik.errors.dataFields as Record<string, string> | undefined)?.[name];
  return (
    <>
      {propertyList.length === 0 ? <Typography.Paragraph type="secondary">No additional details are needed.</Typography.Paragraph> : null}
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
  );
}
