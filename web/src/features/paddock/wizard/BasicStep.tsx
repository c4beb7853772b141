import { Checkbox, Col, Input, Row } from 'antd';
import type { FormikProps } from 'formik';
import { FieldRow } from '../../../lib/forms/FieldRow';
import { MoneyInput } from '../../../lib/money-input';
import type { Basic } from './listing-wizard-values';
import { WizardSelect } from './WizardSelect';

interface Country {
  name: string;
  states: Array<{ name: string }>;
}

/** Step 2: title, description, price or POA, currency, location, seller type, the Bitcoin guideline. */
export function BasicStep({
  formik,
  countries,
  countriesFailed,
}: {
  formik: FormikProps<Basic>;
  countries: Country[];
  countriesFailed: boolean;
}) {
  return (
    <Row gutter={16}>
      <Col xs={24}>
        <FieldRow formik={formik} name="title" label="Title">
          <Input id="title" {...formik.getFieldProps('title')} />
        </FieldRow>
      </Col>
      <Col xs={24}>
        <FieldRow formik={formik} name="description" label="Description">
          <Input.TextArea id="description" rows={4} {...formik.getFieldProps('description')} />
        </FieldRow>
      </Col>
      <PriceField formik={formik} />
      <Col xs={24} md={12}>
        <WizardSelect
          formik={formik}
          name="currency"
          label="Currency"
          options={['USD', 'CAD', 'GBP', 'EUR', 'AUD'].map((value) => ({ value, label: value }))}
        />
      </Col>
      <LocationFields formik={formik} countries={countries} countriesFailed={countriesFailed} />
      <Col xs={24} md={12}>
        <WizardSelect
          formik={formik}
          name="sellerType"
          label="Seller type"
          options={[
            { value: 'PERSONAL', label: 'Private seller' },
            { value: 'DEALER', label: 'Dealer' },
          ]}
        />
      </Col>
      <Col xs={24} md={12}>
        <Checkbox
          id="showBTCExchangeRate"
          checked={Boolean(formik.values.showBTCExchangeRate)}
          onChange={(event) => void formik.setFieldValue('showBTCExchangeRate', event.target.checked)}
        >
          Show the Bitcoin guideline price
        </Checkbox>
      </Col>
    </Row>
  );
}

/** The price (a money field with a thousands separator), off while Price on asking (POA) is ticked. */
function PriceField({ formik }: { formik: FormikProps<Basic> }) {
  return (
    <Col xs={24} md={12}>
      <FieldRow formik={formik} name="price" label="Price">
        <MoneyInput
          id="price"
          name="price"
          disabled={Boolean(formik.values.poa)}
          value={String(formik.values.price ?? '')}
          onChange={(text) => void formik.setFieldValue('price', text)}
          onBlur={formik.handleBlur}
        />
      </FieldRow>
      <Checkbox id="poa" checked={Boolean(formik.values.poa)} onChange={(event) => void formik.setFieldValue('poa', event.target.checked)}>
        Price on asking (POA)
      </Checkbox>
    </Col>
  );
}

/** Country (typed when the list failed to load), state (a list when the country has states) and city. */
function LocationFields({
  formik,
  countries,
  countriesFailed,
}: {
  formik: FormikProps<Basic>;
  countries: Country[];
  countriesFailed: boolean;
}) {
  const states = countries.find((country) => country.name === formik.values.country)?.states ?? [];
  return (
    <>
      <Col xs={24} md={8}>
        {countriesFailed && countries.length === 0 ? (
          // The list could not load: the country is typed rather than blocking the form.
          <FieldRow formik={formik} name="country" label="Country">
            <Input id="country" {...formik.getFieldProps('country')} />
          </FieldRow>
        ) : (
          <WizardSelect
            formik={formik}
            name="country"
            label="Country"
            options={countries.map((country) => ({ value: country.name, label: country.name }))}
            onPick={() => void formik.setFieldValue('state', '')}
          />
        )}
      </Col>
      <Col xs={24} md={8}>
        {/* A state list when the country has states, else free text (as the directory form and the auction wizard). */}
        {states.length > 0 ? (
          <WizardSelect
            formik={formik}
            name="state"
            label="State"
            options={states.map((state) => ({ value: state.name, label: state.name }))}
          />
        ) : (
          <FieldRow formik={formik} name="state" label="State">
            <Input id="state" {...formik.getFieldProps('state')} />
          </FieldRow>
        )}
      </Col>
      <Col xs={24} md={8}>
        <FieldRow formik={formik} name="city" label="City">
          <Input id="city" {...formik.getFieldProps('city')} />
        </FieldRow>
      </Col>
    </>
  );
}
