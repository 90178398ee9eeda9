import type { WorkflowDetail } from '@attest/shared';
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArchive } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notifications/toast';
import { useArchiveWorkflow } from '../api/workflow-queries';
import { actionErrorText } from '../utils/action-error-text';

// 'Can archive workflow': archiving is final here, so it is confirmed first.
export function ArchiveButton({ detail }: { detail: WorkflowDetail }) {
  const { t } = useTranslation();
  const archive = useArchiveWorkflow(detail.id);
  const confirm = () =>
    modals.openConfirmModal({
      title: t('process.archive.title'),
      children: <Text fz="sm">{t('process.archive.body', { name: detail.name })}</Text>,
      labels: { confirm: t('process.archive.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        archive.mutate(undefined, {
          onSuccess: () => toast.success('process.archive.done'),
          onError: (error) => toast.error('process.archive.failed', { message: actionErrorText(error, t) }),
        }),
    });
  return (
    <Button
      variant="default"
      size="sm"
      color="red"
      leftSection={<IconArchive size={16} />}
      onClick={confirm}
      loading={archive.isPending}
    >
      {t('process.archive.button')}
    </Button>
  );
}
