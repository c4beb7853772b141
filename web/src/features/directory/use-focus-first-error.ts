import { useEffect, useRef } from 'react';

/**
 * After a submit attempt the form refuses, scrolls the first field in error into view and focuses it
 * (issue 24 item 17: the messages were drawn off-screen on a long form). Once per attempt, after
 * formik's validation has finished and the error rows are drawn. `formSelector` names the form (one per page).
 */
export function useFocusFirstError(formSelector: string, formik: { submitCount: number; isSubmitting: boolean; isValid: boolean }): void {
  const handled = useRef(0);
  const { submitCount, isSubmitting, isValid } = formik;
  useEffect(() => {
    if (submitCount === 0 || isSubmitting || isValid || handled.current === submitCount) return;
    handled.current = submitCount;
    const row = document.querySelector<HTMLElement>(`${formSelector} .ant-form-item-has-error`);
    if (!row) return;
    row.scrollIntoView({ block: 'center' });
    const control = row.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, button, [tabindex]:not([tabindex="-1"])');
    control?.focus({ preventScroll: true });
  }, [formSelector, submitCount, isSubmitting, isValid]);
}
