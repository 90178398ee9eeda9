import { Button } from '@mantine/core';
import { IconHome, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from './status-page';

export type ComingSoonProps = {
  // A key under 'areas' in the locale files.
  area: string;
};

// The single placeholder for areas that later issues build: one design, not forty copies.
export function ComingSoon({ area }: ComingSoonProps) {
  const { t } = useTranslation();
  const name = t(`areas.${area}`);
  return (
    <StatusPage
      fullHeight={false}
      color="blue"
      icon={<IconSparkles size={34} stroke={1.5} />}
      eyebrow={t('comingSoon.eyebrow')}
      title={name}
      description={t('comingSoon.description')}
      actions={
        <Button component={Link} to="/" variant="light" leftSection={<IconHome size={16} />}>
          {t('common.goHome')}
        </Button>
      }
    />
  );
}
