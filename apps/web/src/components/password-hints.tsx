import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@attest/shared';
import { List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// The password policy, said the same way wherever a password is chosen; `extra` adds a line.
export function PasswordHints({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Text fz="xs" c="dimmed" component="div">
      <List size="xs" spacing={2}>
        <List.Item>
          {t('password.hintLength', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        </List.Item>
        <List.Item>{t('password.hintCommon')}</List.Item>
        {extra && <List.Item>{extra}</List.Item>}
      </List>
    </Text>
  );
}
