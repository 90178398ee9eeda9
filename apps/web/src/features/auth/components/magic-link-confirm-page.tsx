import { Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeNext } from '../../../lib/navigation/next-url';
import { useMagicLinkLogin } from '../api/magic-link';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { isExpiredToken, signInErrorMessage } from '../lib/sign-in-errors';
import { SIGN_IN_ROUTES } from '../lib/sign-in-paths';
import { AuthCard } from './auth-frame';
import { BackToSignIn } from './back-to-sign-in';
import { FormError } from './form-error';

// The 404 page explains an expired link when it sees this origin (spec 1 section 2).
export const MAGIC_LINK_EXPIRED_PATH = '/link-expired?origin=magic-link';

// Opening the link shows a button and nothing more: mail scanners prefetch links, and a GET that
// signed in would spend the link before its owner clicks it.
export function MagicLinkConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const next = safeNext(params.get('next'));
  const finish = useFinishSignIn(next);
  const login = useMagicLinkLogin();

  if (!token) return <Navigate to={SIGN_IN_ROUTES.magic} replace />;

  const confirm = () =>
    login.mutate(token, {
      onSuccess: finish,
      onError: (error) => {
        if (isExpiredToken(error)) navigate(MAGIC_LINK_EXPIRED_PATH, { replace: true });
      },
    });

  return (
    <AuthCard heading={t('auth.magic.confirmHeading')}>
      <Stack gap="md">
        <Center>
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconLogin2 size={30} stroke={1.5} />
          </ThemeIcon>
        </Center>
        <Text fz="sm" c="dimmed" ta="center">
          {t('auth.magic.confirmDescription')}
        </Text>
        <FormError message={login.error ? signInErrorMessage(login.error, 'auth.loginFailed', t) : null} />
        <Button size="md" fullWidth onClick={confirm} loading={login.isPending} data-autofocus>
          {t('auth.magic.confirm')}
        </Button>
        <BackToSignIn next={next} />
      </Stack>
    </AuthCard>
  );
}
