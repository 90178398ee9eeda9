import type { User } from '@attest/shared';
import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AuthenticatorCard } from './authenticator-card';
import { ChangePasswordCard } from './change-password-card';
import { SessionsCard } from './sessions-card';

export type SecurityPageProps = {
  user: User;
  // The signed-in user carries the MFA state; the app reads it again after a change.
  onMfaChanged: () => void;
};

// /account/security: the signed-in person's own factors, password and sessions.
export function SecurityPage({ user, onMfaChanged }: SecurityPageProps) {
  const { t } = useTranslation();
  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={26} fw={700}>
            {t('account.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('account.subtitle')}
          </Text>
        </Stack>
        {user.mfa.enrolment_required && (
          <Alert
            color="orange"
            variant="light"
            radius="md"
            icon={<IconShieldExclamation size={20} />}
            title={t('account.enrolmentRequired.title')}
            data-testid="enrolment-required"
          >
            {t('account.enrolmentRequired.description')}
          </Alert>
        )}
        <AuthenticatorCard enrolled={user.mfa.enrolled} onChanged={onMfaChanged} />
        {!user.mfa.enrolment_required && (
          <>
            <ChangePasswordCard />
            <SessionsCard />
          </>
        )}
      </Stack>
    </Container>
  );
}
