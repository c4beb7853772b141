import { Button, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { readCookie, writeCookie } from '../../lib/cookies';

export const COOKIE_CONSENT_NAME = 'UserCookieConsent';
export const COOKIE_CONSENT_DAYS = 365;

/** The cookie notice (spec 000 sections 2 and 4): Accept stores UserCookieConsent for 365 days. */
export function CookieNotice() {
  const [accepted, setAccepted] = useState(() => readCookie(COOKIE_CONSENT_NAME) === 'true');
  // Floating buttons move up while the notice covers the bottom of the screen.
  useEffect(() => {
    document.body.classList.toggle('ts-has-cookie-notice', !accepted);
    return () => document.body.classList.remove('ts-has-cookie-notice');
  }, [accepted]);
  if (accepted) return null;
  return (
    <div className="ts-cookie-notice" role="region" aria-label="Cookie notice">
      <Typography.Text>
        We use cookies to improve your experience. Read our <Link to="/page/privacy-policy">Privacy Policy</Link> and{' '}
        <Link to="/page/cookie-policy">Cookie Policy</Link>.
      </Typography.Text>
      <Space>
        <Button
          type="primary"
          onClick={() => {
            writeCookie(COOKIE_CONSENT_NAME, 'true', COOKIE_CONSENT_DAYS);
            setAccepted(true);
          }}
        >
          Accept
        </Button>
      </Space>
    </div>
  );
}
