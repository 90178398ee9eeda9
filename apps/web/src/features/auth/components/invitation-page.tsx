import { HttpError, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@attest/shared';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PasswordHints } from '../../../components/password-hints';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { signInErrorMessage } from '../lib/sign-in-errors';
import { SIGN_IN_ROUTES } from '../lib/sign-in-paths';
import { AuthCard } from './auth-frame';
import { FormError } from './form-error';

// A third-party user invited by e-mail chooses a password, then is signed in.
export function InvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const finish = useFinishSignIn(null);
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);

  if (!token) return <Navigate to={SIGN_IN_ROUTES.login} replace />;

  const tooShort = password.length < PASSWORD_MIN_LENGTH;
  const mismatch = confirmation !== password;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (tooShort || mismatch) return;
    accept.mutate({ token, password }, { onSuccess: finish });
  };
  const fieldErrors = accept.error instanceof HttpError ? accept.error.fieldErrors : undefined;
  const passwordError =
    fieldErrors?.password?.join(' ') ??
    (touched && tooShort ? t('password.tooShort', { min: PASSWORD_MIN_LENGTH }) : null);
  const formError =
    accept.error && !fieldErrors?.password ? signInErrorMessage(accept.error, 'auth.loginFailed', t) : null;

  return (
    <AuthCard heading={t('auth.invitation.heading')} subheading={t('auth.invitation.description')}>
      <form onSubmit={submit}>
        <Stack gap="md">
          <PasswordInput
            label={t('password.new')}
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={passwordError}
            autoFocus
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={touched && mismatch ? t('password.mismatch') : null}
          />
          <PasswordHints />
          <FormError message={formError} />
          <Button type="submit" fullWidth size="md" loading={accept.isPending}>
            {t('auth.invitation.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
