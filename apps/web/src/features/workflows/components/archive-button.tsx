import type { WorkflowDetail } from '@attest/shared';
import { Button } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { confirmAction } from '../../../lib/notifications/confirm';
import { toast } from '../../../lib/notifications/toast';
import { useArchiveWorkflow } from '../api/workflow-queries';
import { actionErrorText } from '../utils/action-error-text';

// 'Can archive workflow': archiving is final here, so it is confirmed first.
export function ArchiveButton({ detail }: { detail: WorkflowDetail }) {
  const { t } = useTranslation();
  const archive = useArchiveWorkflow(detail.id);
  const confirm = () =>
    confirmAction({
      title: 'process.archive.title',
      body: 'process.archive.body',
      confirm: 'process.archive.confirm',
      values: { name: isolate(detail.name) },
      onConfirm: () =>
        archive.mutate(undefined, {
          onSuccess: () => toast.success('process.archive.done', { values: { name: isolate(detail.name) } }),
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
