import { ERROR_CODES, HttpError } from '@attest/shared';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMfaChallenge, useLogin } from '../api/login';

export type LoginFormProps = {
  onSignedIn: () => void;
  onMfaRequired: () => void;
};

export function LoginForm({ onSignedIn, onMfaRequired }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      { onSuccess: (response) => (isMfaChallenge(response) ? onMfaRequired() : onSignedIn()) },
    );
  };

  const error = login.error ? loginErrorMessage(login.error, t) : null;

  return (
    <form onSubmit={submit} noValidate={false}>
      <Stack gap="md">
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          data-autofocus
          autoFocus
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          required
          maxLength={1024}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        {error && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            data-testid="login-error"
          >
            {error}
          </Alert>
        )}
        <Button type="submit" fullWidth size="md" mt="xs" loading={login.isPending}>
          {t('auth.signIn')}
        </Button>
      </Stack>
    </form>
  );
}

type Translate = (key: string) => string;

// Known codes get our translated text; otherwise the server's detail; otherwise 'Login failed'.
function loginErrorMessage(error: Error, t: Translate): string {
  if (error instanceof HttpError) {
    if (error.code === ERROR_CODES.authenticationFailed) return t('auth.invalidCredentials');
    if (error.message) return error.message;
  }
  return t('auth.loginFailed');
}
