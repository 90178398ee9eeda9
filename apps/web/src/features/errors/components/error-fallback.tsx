import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type ErrorFallbackProps = {
  onRetry?: () => void;
};

// Spec 2 section 8, generic fallback: for a part of a page that failed, not the whole page.
export function ErrorFallback({ onRetry }: ErrorFallbackProps) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center" role="alert">
      <ThemeIcon size={48} radius={24} variant="light" color="orange" aria-hidden>
        <IconAlertTriangle size={24} stroke={1.5} />
      </ThemeIcon>
      <Title order={3} fz="lg" fw={600}>
        {t('errorFallback.title')}
      </Title>
      <Text c="dimmed" fz="sm">
        {onRetry ? t('errorFallback.descriptionWithRetry') : t('errorFallback.description')}
      </Text>
      {onRetry && (
        <Button variant="light" size="sm" mt="xs" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
          {t('errorFallback.tryAgain')}
        </Button>
      )}
    </Stack>
  );
}
