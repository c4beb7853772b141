import { useMutation } from '@apollo/client/react';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { UPDATE_CONFIGURATION, WEBSITE_CONFIGURATION } from './website.operations';

/**
 * Saves a part of the brand configuration (updateConfigurationByBrand) and reloads both this
 * screen's copy and the site's own (ConfigurationByBrand), so the back office shows the new theme
 * at once. Answers whether it saved; a refusal shows the server's message.
 */
export function useSaveConfiguration(): { save: (patch: Record<string, unknown>, done: string) => Promise<boolean>; saving: boolean } {
  const [update, { loading }] = useMutation(UPDATE_CONFIGURATION, {
    refetchQueries: [WEBSITE_CONFIGURATION, 'ConfigurationByBrand'],
    awaitRefetchQueries: true,
  });
  const save = async (patch: Record<string, unknown>, done: string) => {
    try {
      await update({ variables: { data: patch } });
      notify('success', done);
      return true;
    } catch (error) {
      notify('error', serverError(error).message);
      return false;
    }
  };
  return { save, saving: loading };
}
