import { Alert, Button, Stack } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type MfaRequiredProps = { onBack: () => void };

// Spec 1 section 4: the user is not stored until the second factor completes the sign-in.
export function MfaRequired({ onBack }: MfaRequiredProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" icon={<IconShieldLock size={18} />} title={t('auth.mfaTitle')}>
        {t('auth.mfaDescription')}
      </Alert>
      <Button variant="default" onClick={onBack}>
        {t('auth.backToSignIn')}
      </Button>
    </Stack>
  );
}
