import { Button } from '@mantine/core';
import { IconArrowBackUp, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../../components/status-page';

// Works outside the router too: the boot gate shows it when configuration cannot load.
export function ServiceUnavailablePage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      color="orange"
      icon={<IconCloudOff size={34} stroke={1.5} />}
      title={t('serviceUnavailable.title')}
      description={t('serviceUnavailable.description')}
      actions={
        <Button leftSection={<IconArrowBackUp size={16} />} onClick={() => window.history.back()}>
          {t('serviceUnavailable.goBack')}
        </Button>
      }
    />
  );
}
