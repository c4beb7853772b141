import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { serverError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand';
import { ADD_BOOKMARK, DIRECTORY_BOOKMARKS, REMOVE_BOOKMARK } from './directory.operations';

/** The signed-in user's directory bookmarks and a toggle that asks a signed-out visitor to log in first. */
export function useBookmarks() {
  const { isLoggedIn, user, requireAuth } = useAuth();
  const { config } = useBrand();
  const { data, loading, error, refetch } = useQuery(DIRECTORY_BOOKMARKS, {
    skip: !isLoggedIn,
    variables: { userId: user?.id ?? null },
    fetchPolicy: 'cache-and-network',
  });
  const ids = useMemo(() => new Set((data?.directoryBookmarks ?? []).map((row) => row.directoryId)), [data]);
  const [add] = useMutation(ADD_BOOKMARK);
  const [remove] = useMutation(REMOVE_BOOKMARK);

  const toggle = (directoryId: string) =>
    requireAuth(() => {
      void (async () => {
        try {
          if (ids.has(directoryId)) await remove({ variables: { directoryId } });
          else await add({ variables: { directoryId, brand: config.brand } });
          await refetch();
        } catch (failure) {
          notify('error', serverError(failure).message);
        }
      })();
    });
  return { ids: isLoggedIn ? ids : new Set<string>(), loading, error, toggle, refetch };
}
