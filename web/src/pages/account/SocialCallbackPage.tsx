import { Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { explicitBrand } from '../../lib/brand-choice';
import { REST_TIMEOUT_MS } from '../../lib/rest';
import { useAuth } from '../../features/auth/auth-context';
import type { SessionUser } from '../../features/auth/auth.operations';
import { useBrand } from '../../features/brand';

export const SOCIAL_WAITING = 'You have been successfully authenticated. Please wait while we redirect you.';
export const SOCIAL_FAILED = 'We were unable to authenticate your account. Please try again.';

/**
 * The social sign-in return page (spec 000 section 4): exchanges the provider's query string (plus
 * the brand) at GET /auth/{provider}/callback for a jwt and user, stores them and goes to /.
 */
export default function SocialCallbackPage() {
  const { provider = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { config } = useBrand();
  const { completeSignIn } = useAuth();
  const [failed, setFailed] = useState(() => new URLSearchParams(search).has('error_code'));
  const started = useRef(false);
  useEffect(() => {
    if (failed || started.current) return;
    started.current = true;
    const query = new URLSearchParams(search);
    query.set('brand', config.brand);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (explicitBrand) headers['x-brand'] = explicitBrand;
    fetch(`/auth/${encodeURIComponent(provider)}/callback?${query.toString()}`, {
      headers,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REST_TIMEOUT_MS),
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = (await response.json()) as { jwt?: string; user?: SessionUser };
        if (!body.jwt || !body.user?.id) throw new Error('no token');
        await completeSignIn(body.jwt, body.user);
        await navigate('/', { replace: true });
      })
      .catch(() => setFailed(true));
  }, [failed, provider, search, config.brand, completeSignIn, navigate]);
  if (failed) return <Result status="error" title={SOCIAL_FAILED} />;
  return <Result icon={<Spin size="large" />} title={SOCIAL_WAITING} />;
}
