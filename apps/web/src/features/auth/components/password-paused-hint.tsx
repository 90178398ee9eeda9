import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SIGN_IN_ROUTES, withNext } from '../lib/sign-in-paths';

// A locked password (anyone can cause one) never locks the owner out: a code or link sent to their
// address still signs them in (NIST SP 800-63B 5.2.2), so the form points there.
export function PasswordPausedHint() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Text fz="sm" data-testid="password-paused-hint">
      {t('auth.passwordPaused')}{' '}
      <Anchor component={Link} to={withNext(SIGN_IN_ROUTES.code, params.get('next'))} fz="sm">
        {t('auth.passwordPausedLink')}
      </Anchor>
    </Text>
  );
}
