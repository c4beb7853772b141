import { Alert, Form, Skeleton, Steps, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useBrand } from '../../brand';
import { Breadcrumbs } from '../../content/Breadcrumbs';
import { usePageTitle } from '../../directory/DirectoryShared';
import type { EditableListing } from '../listing-wizard.operations';
import { ListingButtons } from './ListingButtons';
import { ListingStepBody } from './ListingStepBody';
import { WIZARD_STEPS } from './listing-wizard-values';
import { useListingData } from './use-listing-data';
import { useListingForm } from './use-listing-form';
import { useListingSave } from './use-listing-save';

/**
 * The listing wizard (spec 002 section 2): Category & Type, Basic Details, Additional Details (the
 * category's property fields with their messages: MAKE autocomplete with Other, RICH_TEXT editor),
 * Media (jpg/png, 5 Mb, the package's image limit, reordered by drag, the first image is the cover;
 * YouTube or Vimeo links up to the package's videoLimit, hidden when it is 0), Review. A refused video
 * or image list brings the wizard back to Media with the service's message beside the field. Submit
 * uploads the new images and creates the listing (pending until staff approve it) or, with `listing`,
 * updates it. The package's listing limit is checked as soon as a package is chosen (and again by the
 * server on Submit): 'You have reached the listing limit of your package.' The steps show once the
 * categories and packages answered, so no select ever shows a raw slug. The queries are in
 * use-listing-data.ts, the form and step state in use-listing-form.ts, the save in use-listing-save.ts.
 */
export function ListingWizard({ base, listing }: { base: string; listing?: EditableListing }) {
  const { config, w } = useBrand();
  const editing = listing !== undefined;
  usePageTitle(w(editing ? 'Edit listing' : 'Create a listing'));
  // A package chosen on the pricing page (?package=) comes preselected on a new listing.
  const [searchParams] = useSearchParams();
  const data = useListingData(config.brand, editing);
  const save = useListingSave({ base, listing, brand: config.brand, packages: data.packages });
  const form = useListingForm({ listing, requestedPackage: editing ? null : searchParams.get('package'), data, save });
  // The wizard (heading included) shows once its reference data answered, as the edit page waits for the listing.
  if (data.categories === undefined || data.packages === undefined || (!editing && data.mine === undefined))
    return (
      <section className="ts-page ts-narrow">
        <Skeleton active data-testid="listing-wizard-loading" />
      </section>
    );
  return (
    <section className="ts-page ts-narrow">
      <Breadcrumbs labels={listing ? { [listing.id]: listing.title } : undefined} />
      <Typography.Title>{w(editing ? 'Edit listing' : 'Create a listing')}</Typography.Title>
      <Steps current={form.step} size="small" items={WIZARD_STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} responsive />
      {form.failure ? <Alert type="error" showIcon role="alert" title={form.failure} className="ts-form-notice" /> : null}
      <Form layout="vertical" noValidate onFinish={() => undefined} data-testid="listing-wizard">
        <ListingStepBody form={form} categories={data.categories} packages={data.packages} countries={data} editing={editing} />
        <ListingButtons
          base={base}
          step={form.step}
          submitting={form.formik.isSubmitting}
          onBack={form.back}
          onNext={() => void form.next()}
          onSubmit={() => void form.formik.submitForm()}
        />
      </Form>
    </section>
  );
}
