import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { STEPS } from './wizard-values';

/** Back on the first step reads Cancel, Next on the last reads Submit; Submit stays locked while a save runs. */
export function WizardButtons({
  step,
  onBack,
  locked,
  submitting,
}: {
  step: number;
  onBack: () => void;
  locked: boolean;
  submitting: boolean;
}) {
  const navigate = useNavigate();
  return (
    <div className="ts-wizard-buttons">
      <Button
        onClick={() => {
          if (step === 0) void navigate(-1);
          else onBack();
        }}
      >
        {step === 0 ? 'Cancel' : 'Back'}
      </Button>
      {step > 0 ? <Button onClick={() => void navigate('/auction')}>Cancel</Button> : null}
      <Button type="primary" htmlType="submit" disabled={locked} loading={submitting}>
        {step === STEPS.length - 1 ? 'Submit' : 'Next'}
      </Button>
    </div>
  );
}
