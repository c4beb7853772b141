import { CmsUsers } from '../../features/cms/users/CmsUsers';

/** /cms/users (manageUsers). */
export default function CmsUsersPage() {
  return <CmsUsers />;
}
