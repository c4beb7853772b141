import { useMutation } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { useState } from 'react';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import type { ReviewVariables } from './review.operations';

/**
 * Approve or decline one entry, then reload the queue. A refusal (another staff member was first,
 * an unpaid listing) shows the server's message and reloads too, so the row shows its real state.
 */
export function useReview(mutation: TypedDocumentNode<unknown, ReviewVariables>, reload: () => unknown) {
  const [run] = useMutation(mutation);
  const [busy, setBusy] = useState<string | null>(null);
  const review = async (id: string, status: string, reason: string | null, done: string): Promise<boolean> => {
    setBusy(id);
    try {
      await run({ variables: { id, status, reason } });
      notify('success', done);
      return true;
    } catch (error) {
      notify('error', serverError(error).message);
      return false;
    } finally {
      setBusy(null);
      await reload();
    }
  };
  return { review, busy };
}
