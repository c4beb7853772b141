import { useState } from 'react';

/**
 * A dialog's draft: `set` patches it, `errors` shows the check's messages once a save was tried,
 * and `submit` saves only a draft the check passes.
 */
export function useStaffDraft<Draft, Field extends string>(
  initial: Draft | (() => Draft),
  check: (draft: Draft) => Partial<Record<Field, string>>,
  onSave: (draft: Draft) => void,
) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [touched, setTouched] = useState(false);
  const errors: Partial<Record<Field, string>> = touched ? check(draft) : {};
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const submit = () => {
    setTouched(true);
    if (Object.keys(check(draft)).length === 0) onSave(draft);
  };
  return { draft, set, errors, submit };
}
