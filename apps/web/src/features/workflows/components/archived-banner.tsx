import type { WorkflowDetail } from '@attest/shared';
import { Alert } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/format/use-date-format';

// An archived workflow is kept for the record and refuses changes; every view says so first.
export function ArchivedBanner({ detail }: { detail: WorkflowDetail }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  if (detail.archived_at === null) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconArchive size={18} />}
      title={t('process.archived.title')}
    >
      {t('process.archived.body', { date: dates.dateTime(detail.archived_at) })}
    </Alert>
  );
}
