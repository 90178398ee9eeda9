import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@attest/shared';
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordHints } from '../../../components/password-hints';
import { useChangePassword } from '../api/change-password';
import { actionErrorMessage, fieldError } from '../lib/action-error';
import { ErrorNote } from './error-note';
import { SectionCard } from './section-card';

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);

  const tooShort = next.length < PASSWORD_MIN_LENGTH;
  const mismatch = confirmation !== next;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (tooShort || mismatch) return;
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirmation('');
          setTouched(false);
        },
      },
    );
  };
  const currentError = fieldError(change.error, 'current_password');
  const newError =
    fieldError(change.error, 'new_password') ??
    (touched && tooShort ? t('password.tooShort', { min: PASSWORD_MIN_LENGTH }) : null);
  const formError =
    currentError || fieldError(change.error, 'new_password') ? null : actionErrorMessage(change.error, t);

  return (
    <SectionCard
      icon={<IconLock size={22} stroke={1.5} />}
      title={t('account.password.title')}
      description={t('account.password.description')}
    >
      {change.isSuccess && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          data-testid="password-changed"
        >
          {t('account.password.changed')}
        </Alert>
      )}
      <form onSubmit={submit}>
        <Stack gap="md" maw={720}>
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            required
            maxLength={1024}
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={currentError}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t('password.new')}
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              value={next}
              onChange={(e) => setNext(e.currentTarget.value)}
              error={newError}
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
          </SimpleGrid>
          <PasswordHints extra={t('account.password.signsOutOthers')} />
          <ErrorNote message={formError} />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('account.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
