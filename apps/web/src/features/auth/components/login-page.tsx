import { Anchor, Group, Stack } from '@mantine/core';
import { IconMail, IconSparkles } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { rememberNext, safeNext } from '../../../lib/navigation/next-url';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { SIGN_IN_ROUTES, withNext } from '../lib/sign-in-paths';
import { AuthCard, useAuthFrame } from './auth-frame';
import { LoginForm } from './login-form';
import { SsoButtons } from './sso-buttons';
import { SsoErrorAlert } from './sso-error-alert';

export function LoginPage() {
  const { t } = useTranslation();
  const { branding } = useAuthFrame();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const finish = useFinishSignIn(next);

  // Kept in session storage too: a single-sign-on round trip drops the query string.
  useEffect(() => rememberNext(next), [next]);

  return (
    <AuthCard heading={t('auth.heading')} subheading={t('auth.subheading', { brand: branding.title })}>
      <Stack gap="md">
        <SsoErrorAlert code={params.get('sso_error')} />
        <SsoButtons next={next} />
        <LoginForm onAnswer={finish} />
        <Group justify="center" gap="lg" mt={4}>
          <Anchor component={Link} to={withNext(SIGN_IN_ROUTES.code, next)} fz="sm">
            <Group gap={6} wrap="nowrap" component="span">
              <IconMail size={16} stroke={1.5} />
              {t('auth.otp.link')}
            </Group>
          </Anchor>
          <Anchor component={Link} to={withNext(SIGN_IN_ROUTES.magic, next)} fz="sm">
            <Group gap={6} wrap="nowrap" component="span">
              <IconSparkles size={16} stroke={1.5} />
              {t('auth.magic.link')}
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  );
}
