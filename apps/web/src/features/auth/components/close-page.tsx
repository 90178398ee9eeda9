import { Anchor, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNext } from '../../../lib/navigation/next-url';
import { useClaimToken } from '../api/claim-token';
import { useCurrentUserQuery } from '../api/get-current-user';
import { isMfaChallenge } from '../api/sign-in-result';
import { signInErrorMessage } from '../lib/sign-in-errors';
import { SIGN_IN_ROUTES, withNext } from '../lib/sign-in-paths';
import { AuthCard } from './auth-frame';
import { FormError } from './form-error';

// The popup sign-in's last page (spec 1 section 2): someone signed in closes the window; otherwise
// the next-step token from the query string completes the sign-in first. The opener is refreshed so
// it shows the signed-in app.
export function ClosePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const user = useCurrentUserQuery();
  const claim = useClaimToken();
  const navigate = useNavigate();
  const started = useRef(false);

  const signedIn = Boolean(user.data) || (claim.data !== undefined && !isMfaChallenge(claim.data));

  useEffect(() => {
    if (user.isPending || user.data || !token || started.current) return;
    started.current = true;
    // A second factor is still owed: this window asks for it, then lands on the token's page.
    claim.mutate(token, {
      onSuccess: (answer) => {
        if (isMfaChallenge(answer)) navigate(withNext(SIGN_IN_ROUTES.mfa, safeNext(answer.next_path)));
      },
    });
  }, [user.isPending, user.data, token, claim, navigate]);

  useEffect(() => {
    if (!signedIn) return;
    try {
      window.opener?.location.reload();
    } catch {
      // An opener on another origin: it refreshes itself.
    }
    window.close();
  }, [signedIn]);

  const failed = claim.isError || (!user.isPending && !user.data && !token);

  return (
    <AuthCard heading={failed ? t('auth.close.failedHeading') : t('auth.close.heading')}>
      <Stack gap="md" align="center" ta="center">
        {failed ? (
          <FormError
            message={
              claim.error
                ? signInErrorMessage(claim.error, 'auth.authenticationFailed', t)
                : t('auth.authenticationFailed')
            }
          />
        ) : signedIn ? (
          <ThemeIcon size={56} radius="xl" variant="light" color="teal">
            <IconCircleCheck size={30} stroke={1.5} />
          </ThemeIcon>
        ) : (
          <Center h={56}>
            <Loader />
          </Center>
        )}
        <Text fz="sm" c="dimmed">
          {signedIn ? t('auth.close.description') : failed ? '' : t('auth.close.completing')}
        </Text>
        {/* window.close only works for windows a script opened; elsewhere this is the way on. */}
        <Anchor component={Link} to="/" fz="sm">
          {t('common.goHome')}
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
