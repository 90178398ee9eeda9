import { LOGIN_CODE_TTL_MINUTES, SIGN_IN_CODE_LENGTH } from '@attest/shared';
import { Anchor, Button, Center, PinInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { track } from '../../../lib/analytics/track';
import { safeNext } from '../../../lib/navigation/next-url';
import { useRequestOtp, useSubmitOtp } from '../api/one-time-passcode';
import { useCaptcha } from '../hooks/use-captcha';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { signInErrorMessage } from '../lib/sign-in-errors';
import { AuthCard } from './auth-frame';
import { BackToSignIn } from './back-to-sign-in';
import { EmailField } from './email-field';
import { FormError } from './form-error';
import { HCaptchaWidget } from './hcaptcha-widget';

// Spec 1 section 4: the one-time-passcode alternative. Ask for a code, then enter it.
export function OtpPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const finish = useFinishSignIn(next);
  const captcha = useCaptcha();
  const requestCode = useRequestOtp();
  const submitCode = useSubmitOtp();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);

  const request = (event?: FormEvent) => {
    event?.preventDefault();
    requestCode.mutate(
      { email: email.trim(), ...captcha.fields() },
      {
        onSuccess: () => {
          setSent(true);
          setCode('');
          submitCode.reset();
        },
        onSettled: captcha.reset,
      },
    );
  };
  const submit = (token: string) =>
    submitCode.mutate(
      { email: email.trim(), token, ...captcha.fields() },
      {
        onSuccess: (answer) => {
          track('login.one_time_code');
          finish(answer);
        },
        onSettled: captcha.reset,
      },
    );

  if (!sent) {
    return (
      <AuthCard heading={t('auth.otp.heading')} subheading={t('auth.otp.requestDescription')}>
        <form onSubmit={request}>
          <Stack gap="md">
            <EmailField value={email} onChange={setEmail} />
            <HCaptchaWidget captcha={captcha} />
            <FormError
              message={requestCode.error ? signInErrorMessage(requestCode.error, 'auth.otp.failed', t) : null}
            />
            <Button
              type="submit"
              fullWidth
              size="md"
              loading={requestCode.isPending}
              disabled={!captcha.ready}
            >
              {t('auth.otp.send')}
            </Button>
            <BackToSignIn next={next} />
          </Stack>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard heading={t('auth.otp.enterHeading')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <Stack gap="md">
          <Text fz="sm" c="dimmed" ta="center">
            {t('auth.otp.sentTo', { email: email.trim(), minutes: LOGIN_CODE_TTL_MINUTES })}
          </Text>
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
              aria-label={t('auth.otp.code')}
              data-testid="otp-code"
            />
          </Center>
          <HCaptchaWidget captcha={captcha} />
          <FormError
            message={submitCode.error ? signInErrorMessage(submitCode.error, 'auth.otp.failed', t) : null}
          />
          <Button
            type="submit"
            fullWidth
            size="md"
            loading={submitCode.isPending}
            disabled={code.length !== SIGN_IN_CODE_LENGTH || !captcha.ready}
          >
            {t('auth.signIn')}
          </Button>
          <Center>
            <Anchor component="button" type="button" fz="sm" onClick={() => setSent(false)}>
              {t('auth.otp.resend')}
            </Anchor>
          </Center>
          <BackToSignIn next={next} />
        </Stack>
      </form>
    </AuthCard>
  );
}
