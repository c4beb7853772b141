import { Input, Select, Space } from 'antd';
import type { FormikProps } from 'formik';
import { FieldRow } from '../../../../lib/forms/FieldRow';
import { MoneyAmountInput } from '../../../../lib/money-input';
import { CURRENCIES, SELLER_TYPES, type WizardValues } from '../wizard-values';

/** Step 1, Basic Details: title, seller type, reserve, currency, place, description (spec 001 section 5). */
export function BasicDetailsStep({
  formik,
  countries,
  states,
  describeLabel,
}: {
  formik: FormikProps<WizardValues>;
  countries: Array<{ value: string; label: string }>;
  /** The chosen country's states: a list replaces the free text when there are some. */
  states: Array<{ name: string }>;
  describeLabel: string;
}) {
  const values = formik.values;
  return (
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
          <MoneyAmountInput
            id="reserve"
            value={values.reserve}
            onChange={(amount) => void formik.setFieldValue('reserve', amount)}
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
      <PlaceFields formik={formik} countries={countries} states={states} />
      <FieldRow formik={formik} name="userDescription" label={describeLabel}>
        <Input.TextArea id="userDescription" rows={6} {...formik.getFieldProps('userDescription')} />
      </FieldRow>
    </>
  );
}

/** Where the vehicle is: country, then its state (a list when the country has some) and city. */
function PlaceFields({
  formik,
  countries,
  states,
}: {
  formik: FormikProps<WizardValues>;
  countries: Array<{ value: string; label: string }>;
  states: Array<{ name: string }>;
}) {
  const values = formik.values;
  return (
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
  );
}
