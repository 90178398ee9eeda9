import { Button } from '@mantine/core';
import { IconRefresh, IconWindowOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../../components/status-page';

export function ReloadRequiredPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<IconWindowOff size={34} stroke={1.5} />}
      title={t('reloadRequired.message')}
      actions={
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          {t('reloadRequired.reload')}
        </Button>
      }
    />
  );
}
