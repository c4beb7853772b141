import { UnsubscribePage } from '../../features/notifications/UnsubscribePage';

/** /notifications/unsubscribe/:token (issue 21): the unsubscribe link of the notification emails. */
export default function UnsubscribeRoutePage() {
  return <UnsubscribePage />;
}
