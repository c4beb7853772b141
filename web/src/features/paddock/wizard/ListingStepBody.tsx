import { useBrand } from '../../brand';
import type { PricingPackage } from '../../pricing/pricing.operations';
import type { ListingCategory } from '../paddock.operations';
import { BasicStep } from './BasicStep';
import { CategoryStep } from './CategoryStep';
import { DetailsStep } from './DetailsStep';
import { MediaStep } from './MediaStep';
import { ReviewStep } from './ReviewStep';
import type { ListingData } from './use-listing-data';
import type { ListingForm } from './use-listing-form';

/** The current step's fields (one component per step); the form fields show the server's standing messages too. */
export function ListingStepBody({
  form,
  categories,
  packages,
  countries,
  editing,
}: {
  form: ListingForm;
  categories: ListingCategory[];
  packages: PricingPackage[];
  countries: Pick<ListingData, 'countries' | 'countriesFailed'>;
  editing: boolean;
}) {
  const { config, w } = useBrand();
  const { category, media } = form;
  if (form.step === 0)
    return (
      <CategoryStep
        formik={form.shown}
        categories={categories}
        category={category}
        packages={packages}
        editing={editing}
        limitProblem={form.limitProblem}
      />
    );
  if (form.step === 1) return <BasicStep formik={form.shown} countries={countries.countries} countriesFailed={countries.countriesFailed} />;
  if (form.step === 2)
    return (
      <DetailsStep
        fields={form.fields}
        values={form.extra}
        errors={form.extraErrors}
        touched={form.extraTouched}
        onChange={form.setExtraValue}
      />
    );
  if (form.step === 3)
    return (
      <MediaStep
        label={w('Vehicle')}
        fallback={config.theme.defaultImage}
        imageLimit={form.imageLimit}
        images={media.images}
        imageError={media.imageError}
        onImages={media.onImages}
        videos={media.videos}
      />
    );
  return (
    <ReviewStep
      values={form.formik.values}
      categoryName={category?.name}
      typeName={category?.types.find((entry) => entry.slug === form.formik.values.type)?.name}
      packageTitle={form.pkg?.title}
      imageCount={media.images.images.length}
      videos={media.videos.rows}
    />
  );
}
