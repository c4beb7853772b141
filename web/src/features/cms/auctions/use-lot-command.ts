import { useState } from 'react';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { lotErrorMessage } from './lot-admin';

/**
 * Runs one staff command on a lot: a success message, or the refusal as the catalogue words it;
 * then the table refetches either way, so a lot another staff user changed meanwhile shows its
 * real row (two staff on the same lot: one wins, the other reads why and sees the new state).
 */
export function useLotCommand(refresh: () => void): {
  busy: boolean;
  run: (success: string, command: () => Promise<unknown>) => Promise<boolean>;
} {
  const [busy, setBusy] = useState(false);
  const run = async (success: string, command: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await command();
      notify('success', success);
      return true;
    } catch (error) {
      const { code, message } = serverError(error);
      notify('error', lotErrorMessage(code, message));
      return false;
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return { busy, run };
}
