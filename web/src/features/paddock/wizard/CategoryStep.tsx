import type { FormikProps } from 'formik';
import { priceLabel, type PricedPackage } from '../../directory/directory-rules';
import type { Basic } from './listing-wizard-values';
import { WizardSelect } from './WizardSelect';

interface Category {
  slug: string;
  name: string;
  types: Array<{ slug: string; name: string }>;
}

/** Step 1: category, type and package (the package is fixed once the listing exists). */
export function CategoryStep({
  formik,
  categories,
  category,
  packages,
  editing,
  limitProblem,
}: {
  formik: FormikProps<Basic>;
  categories: Category[];
  category: Category | undefined;
  packages: Array<PricedPackage & { id: string; title: string }>;
  editing: boolean;
  limitProblem: string | null;
}) {
  return (
    <>
      <WizardSelect
        formik={formik}
        name="category"
        label="Category"
        options={categories.map((entry) => ({ value: entry.slug, label: entry.name }))}
        onPick={() => void formik.setFieldValue('type', '')}
      />
      <WizardSelect
        formik={formik}
        name="type"
        label="Type"
        options={(category?.types ?? []).map((entry) => ({ value: entry.slug, label: entry.name }))}
      />
      <WizardSelect
        formik={formik}
        name="packageId"
        label="Package"
        options={packages.map((entry) => ({ value: entry.id, label: `${entry.title} (${priceLabel(entry)})` }))}
        disabled={editing}
        error={limitProblem}
      />
    </>
  );
}
