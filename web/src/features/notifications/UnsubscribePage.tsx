import { useMutation } from '@apollo/client/react';
import { Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { UNSUBSCRIBE_NOTIFICATION_EMAIL } from './notifications.operations';

/**
 * /notifications/unsubscribe/:token, the link in every notification email (issue 21): opening it
 * turns that kind of email off (no sign-in needed: the token is signed) and says so.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const [unsubscribe, { data, error, called }] = useMutation(UNSUBSCRIBE_NOTIFICATION_EMAIL);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void unsubscribe({ variables: { token } }).catch(() => undefined);
  }, [token, unsubscribe]);
  const answer = data?.unsubscribeNotificationEmail;
  if (!called || (!answer && !error)) return <Spin aria-label="Unsubscribing" />;
  if (answer?.ok)
    return (
      <div data-testid="unsubscribed">
        <Result
          status="success"
          title="You have been unsubscribed"
          subTitle={`You will no longer receive “${answer.label ?? ''}” emails. You can turn them back on in your notification settings.`}
          extra={<Link to="/dashboard/notifications">Notification settings</Link>}
        />
      </div>
    );
  return (
    <Result
      status="warning"
      title="This unsubscribe link is not valid"
      subTitle="It may have been copied incompletely. You can change your email choices in your notification settings."
      extra={<Link to="/dashboard/notifications">Notification settings</Link>}
    />
  );
}
