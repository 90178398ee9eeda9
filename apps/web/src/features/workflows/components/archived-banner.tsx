import type { WorkflowDetail } from '@attest/shared';
import { Alert } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../utils/format-time';

// An archived workflow is kept for the record and refuses changes; every view says so first.
export function ArchivedBanner({ detail }: { detail: WorkflowDetail }) {
  const { t, i18n } = useTranslation();
  if (detail.archived_at === null) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconArchive size={18} />}
      title={t('process.archived.title')}
    >
      {t('process.archived.body', { date: formatDateTime(detail.archived_at, i18n.language) })}
    </Alert>
  );
}
