import { useMutation } from '@apollo/client/react';
import type { DocumentNode, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';

/** Runs a staff mutation, reloads the lists it changes, and says how it went. Answers whether it worked. */
export function useStaffMutation<Data, Variables extends OperationVariables>(
  mutation: TypedDocumentNode<Data, Variables>,
  refetch: DocumentNode[],
) {
  const [run, { loading }] = useMutation(mutation, { refetchQueries: refetch, awaitRefetchQueries: true });
  const call = async (variables: Variables, done: string): Promise<boolean> => {
    try {
      // The generic options type cannot be spelled for any Variables; the call sites are typed.
      await (run as (options: { variables: Variables }) => Promise<unknown>)({ variables });
      notify('success', done);
      return true;
    } catch (error) {
      notify('error', serverError(error).message);
      return false;
    }
  };
  return { call, loading };
}
