import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { WIZARD_STEPS } from './listing-wizard-values';

/** Cancel (back to the Paddock), Back after the first step, Next, and Submit on the last step (loading while it saves). */
export function ListingButtons({
  base,
  step,
  submitting,
  onBack,
  onNext,
  onSubmit,
}: {
  base: string;
  step: number;
  submitting: boolean;
  onBack: () => void;
  onNext: () => void;
  onSubmit: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Space style={{ marginTop: 24 }}>
      <Button onClick={() => void navigate(base)}>Cancel</Button>
      {step > 0 ? <Button onClick={onBack}>Back</Button> : null}
      {step < WIZARD_STEPS.length - 1 ? (
        <Button type="primary" onClick={onNext}>
          Next
        </Button>
      ) : (
        <Button type="primary" loading={submitting} onClick={onSubmit}>
          Submit
        </Button>
      )}
    </Space>
  );
}
