import { Form, Result, Spin, Steps, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/auth-context';
import { useBrand } from '../../brand';
import { useWizardData } from './use-wizard-data';
import { useSelectedPackage, useWizardForm } from './use-wizard-form';
import { useWizardSave } from './use-wizard-save';
import { WizardButtons } from './WizardButtons';
import { WizardPayment } from './WizardPayment';
import { WizardProgressModal } from './WizardProgressModal';
import { WizardStepBody } from './WizardStepBody';
import { WIZARD_MESSAGES } from './wizard-rules';
import { STEPS, type WizardValues } from './wizard-values';

export type { WizardValues } from './wizard-values';

/**
 * The creation and edit wizard (spec 001 sections 2, 5, 7 and 8): Basic Details, Additional
 * Details, Media, Submission (one component per step under steps/, the form and step state in
 * use-wizard-form.ts, the save in use-wizard-save.ts). Submitting locks the button for 10 s.
 */
export function AuctionWizard({ auctionId }: { auctionId?: string }) {
  const mode = auctionId ? 'edit' : 'create';
  const title = mode === 'create' ? 'Auction Creation' : 'Auction Edit (beta)';
  const { config } = useBrand();
  const { user, loadingUser } = useAuth();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { packages, propertyList, countryQuery, countries, existing, lot } = useWizardData(auctionId);
  const packageList = packages.data?.pricingPackages ?? [];
  const packageOf = (form: WizardValues) => packageList.find((pkg) => pkg.id === form.packageId) ?? null;

  function finish() {
    notify('success', mode === 'create' ? 'Your auction has been submitted for review.' : 'Your auction has been updated.');
    const redirect = new URLSearchParams(search).get('successRedirect');
    void navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/');
  }
  const save = useWizardSave({ auctionId, brand: config.brand, propertyList, packageOf, onDone: finish });
  const form = useWizardForm({
    lot,
    user,
    defaultImage: config.theme.defaultImage,
    requestedPackage: new URLSearchParams(search).get('package'),
    propertyList,
    submit: save.submit,
  });
  const { formik, step } = form;
  const { selectedPackage, snapprForced } = useSelectedPackage(formik, packageList, Boolean(packages.data), Boolean(lot));

  if (auctionId && (existing.loading || (loadingUser && !user))) return <Spin size="large" />;
  if (auctionId && (existing.error || !lot || !user || lot.user.id !== user.id)) {
    return <Result status="403" title={WIZARD_MESSAGES.accessDenied} />;
  }
  return (
    <section className="ts-wizard">
      <Typography.Title>{title}</Typography.Title>
      <Steps current={step} items={STEPS.map((name) => ({ title: name }))} className="ts-wizard-steps" size="small" />
      <Form layout="vertical" onFinish={form.next} noValidate className="ts-wizard-form">
        <WizardStepBody
          step={step}
          formik={formik}
          countries={countries}
          countryStates={countryQuery.data?.countryState ?? []}
          propertyList={propertyList}
          attempted={form.attempted}
          packageList={packageList}
          selectedPackage={selectedPackage}
          snapprForced={snapprForced}
          mediaProblems={form.mediaProblems}
          setMediaProblems={form.setMediaProblems}
        />
        <WizardButtons step={step} onBack={form.back} locked={save.locked} submitting={formik.isSubmitting} />
      </Form>
      <WizardPayment
        paying={save.paying}
        selectedPackage={selectedPackage}
        serviceSnappr={formik.values.serviceSnappr}
        onClosed={() => save.setPaying(null)}
        onPaid={() => {
          save.setPaying(null);
          finish();
        }}
      />
      <WizardProgressModal progress={save.progress} title={title} onClose={() => save.setProgress(null)} />
    </section>
  );
}
