import { useQuery } from '@apollo/client/react';
import { NO_PERMISSIONS, type CmsPermissions } from '../../../app/access';
import { useAuth } from '../../auth/auth-context';
import { MY_CMS_PERMISSIONS } from '../cms.operations';

/** The signed-in user's CMS flags (none while signed out or loading). */
export function useCmsPermissions(): { permissions: CmsPermissions; loading: boolean } {
  const { isLoggedIn } = useAuth();
  const { data, loading } = useQuery(MY_CMS_PERMISSIONS, { skip: !isLoggedIn, fetchPolicy: 'cache-and-network' });
  return { permissions: data?.myCMSPermissions ?? NO_PERMISSIONS, loading: isLoggedIn && loading && !data };
}
