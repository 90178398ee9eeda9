import { MAGIC_LINK_TTL_MINUTES } from '@attest/shared';
import { Button, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { recallNext, safeNext } from '../../../lib/navigation/next-url';
import { useRequestMagicLink } from '../api/magic-link';
import { useCaptcha } from '../hooks/use-captcha';
import { signInErrorMessage } from '../lib/sign-in-errors';
import { AuthCard } from './auth-frame';
import { BackToSignIn } from './back-to-sign-in';
import { EmailField } from './email-field';
import { FormError } from './form-error';
import { HCaptchaWidget } from './hcaptcha-widget';

// /login/magic: request a link by e-mail. The answer never says whether the address has an account.
export function MagicLinkRequestPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const captcha = useCaptcha();
  const request = useRequestMagicLink();
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(
      { email: email.trim(), next: next ?? recallNext(), ...captcha.fields() },
      { onSettled: captcha.reset },
    );
  };

  if (request.isSuccess) {
    return (
      <AuthCard heading={t('auth.magic.sentHeading')}>
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="teal">
            <IconMailForward size={30} stroke={1.5} />
          </ThemeIcon>
          <Text fz="sm" data-testid="magic-link-sent">
            {t('auth.magic.sentDescription', { email: email.trim() })}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('auth.magic.lifetime', { minutes: MAGIC_LINK_TTL_MINUTES })}
          </Text>
          <Button variant="default" onClick={() => request.reset()}>
            {t('auth.magic.useAnother')}
          </Button>
          <BackToSignIn next={next} />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard heading={t('auth.magic.heading')} subheading={t('auth.magic.description')}>
      <form onSubmit={submit}>
        <Stack gap="md">
          <EmailField value={email} onChange={setEmail} />
          <HCaptchaWidget captcha={captcha} />
          <FormError
            message={request.error ? signInErrorMessage(request.error, 'auth.loginFailed', t) : null}
          />
          <Button type="submit" fullWidth size="md" loading={request.isPending} disabled={!captcha.ready}>
            {t('auth.magic.send')}
          </Button>
          <Center>
            <BackToSignIn next={next} />
          </Center>
        </Stack>
      </form>
    </AuthCard>
  );
}
