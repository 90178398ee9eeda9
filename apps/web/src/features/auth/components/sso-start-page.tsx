import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { recallNext, safeNext } from '../../../lib/navigation/next-url';
import { ssoAuthorizeUrl, useSsoProviders } from '../api/get-sso-providers';
import { LoginPage } from './login-page';

// /login/{loginType}: a bookmarkable path that goes straight to that identity provider. An unknown
// type is just the regular login page.
export function SsoStartPage() {
  const { loginType = '' } = useParams();
  const [params] = useSearchParams();
  const providers = useSsoProviders();
  const provider = providers.data?.find((p) => p.slug === loginType);
  const next = safeNext(params.get('next')) ?? recallNext();

  useEffect(() => {
    if (provider) window.location.assign(ssoAuthorizeUrl(provider.slug, next));
  }, [provider, next]);

  if (providers.isPending || provider) return <FullPageLoader />;
  return <LoginPage />;
}
