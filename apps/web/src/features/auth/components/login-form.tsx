import type { LoginResponse } from '@attest/shared';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics/track';
import { useLogin } from '../api/login';
import { useCaptcha } from '../hooks/use-captcha';
import { isThrottled, signInErrorMessage } from '../lib/sign-in-errors';
import { EmailField } from './email-field';
import { FormError } from './form-error';
import { HCaptchaWidget } from './hcaptcha-widget';
import { PasswordPausedHint } from './password-paused-hint';

export type LoginFormProps = { onAnswer: (response: LoginResponse) => void };

export function LoginForm({ onAnswer }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const captcha = useCaptcha();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email: email.trim(), password, ...captcha.fields() },
      {
        onSuccess: (answer) => {
          track('login.email_password');
          onAnswer(answer);
        },
        onSettled: captcha.reset,
      },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <EmailField value={email} onChange={setEmail} />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          required
          maxLength={1024}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <HCaptchaWidget captcha={captcha} />
        <FormError message={login.error ? signInErrorMessage(login.error, 'auth.loginFailed', t) : null} />
        {isThrottled(login.error) ? <PasswordPausedHint /> : null}
        <Button type="submit" fullWidth size="md" mt="xs" loading={login.isPending} disabled={!captcha.ready}>
          {t('auth.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
