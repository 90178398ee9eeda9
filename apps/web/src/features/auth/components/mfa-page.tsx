import { SIGN_IN_CODE_LENGTH } from '@attest/shared';
import { Anchor, Button, Center, PinInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { track } from '../../../lib/analytics/track';
import { safeNext } from '../../../lib/navigation/next-url';
import { useLoginUsingMfa } from '../api/login-using-mfa';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { signInErrorMessage } from '../lib/sign-in-errors';
import { AuthCard } from './auth-frame';
import { BackToSignIn } from './back-to-sign-in';
import { FormError } from './form-error';

// Spec 1 section 4: the second step after a password (or code, or link) that answered
// mfa.requires_mfa_verification. The pending challenge lives in an httpOnly cookie.
export function MfaPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const finish = useFinishSignIn(next);
  const mfa = useLoginUsingMfa();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');

  const send = (token: string) =>
    mfa.mutate(token.trim(), {
      onSuccess: (answer) => {
        track('login.mfa_pin');
        finish(answer);
      },
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(code);
  };
  const switchMode = () => {
    setUseRecovery((value) => !value);
    setCode('');
    mfa.reset();
  };
  const complete = useRecovery ? code.trim().length >= 10 : code.length === SIGN_IN_CODE_LENGTH;

  return (
    <AuthCard heading={t('auth.mfa.heading')}>
      <form onSubmit={submit}>
        <Stack gap="md">
          <Center>
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconShieldLock size={30} stroke={1.5} />
            </ThemeIcon>
          </Center>
          <Text fz="sm" c="dimmed" ta="center">
            {useRecovery ? t('auth.mfa.recoveryDescription') : t('auth.mfa.description')}
          </Text>
          {useRecovery ? (
            <TextInput
              label={t('auth.mfa.recoveryCode')}
              placeholder="xxxxx-xxxxx"
              autoComplete="off"
              spellCheck={false}
              maxLength={32}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoFocus
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          ) : (
            <Center>
              <PinInput
                placeholder=""
                length={SIGN_IN_CODE_LENGTH}
                type="number"
                oneTimeCode
                autoFocus
                size="md"
                value={code}
                onChange={setCode}
                onComplete={send}
                aria-label={t('auth.mfa.code')}
                data-testid="mfa-code"
              />
            </Center>
          )}
          <FormError message={mfa.error ? signInErrorMessage(mfa.error, 'auth.mfa.failed', t) : null} />
          <Button type="submit" fullWidth size="md" loading={mfa.isPending} disabled={!complete}>
            {t('auth.mfa.verify')}
          </Button>
          <Center>
            <Anchor component="button" type="button" fz="sm" onClick={switchMode}>
              {useRecovery ? t('auth.mfa.useAuthenticator') : t('auth.mfa.useRecovery')}
            </Anchor>
          </Center>
          <BackToSignIn next={next} />
        </Stack>
      </form>
    </AuthCard>
  );
}
